// A host process that opens a container sandbox from the built package, prints the container's id
// and waits to be killed: the crash the reaper cleans up after. Arguments: workspace, image.
import { openContainerSandbox } from '../../dist/index.js';

const [workspaceRoot, image] = process.argv.slice(2);
const opening = await openContainerSandbox({ workspaceRoot, mode: 'workspace-write', image });
if (!opening.ok) {
  process.stderr.write(`${opening.reason}\n`);
  process.exit(1);
}
process.stdout.write(`${opening.sandbox.id}\n`);
setInterval(() => {}, 60_000);
