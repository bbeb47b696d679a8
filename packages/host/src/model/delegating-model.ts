import type { AgentModel } from '@toolgate/agent';

/**
 * A model that sends every request to `target()`, read at each request, with its provider, id and
 * URLs read the same way; `around` sees each request's promise (@default: as it is).
 */
export function delegatingModel(
  target: () => AgentModel,
  around: <T>(request: PromiseLike<T>) => PromiseLike<T> = (request) => request,
): AgentModel {
  return {
    specificationVersion: 'v4',
    get provider() {
      return target().provider;
    },
    get modelId() {
      return target().modelId;
    },
    get supportedUrls() {
      return target().supportedUrls;
    },
    doGenerate: (options) => Promise.resolve(around(target().doGenerate(options))),
    doStream: (options) => Promise.resolve(around(target().doStream(options))),
  };
}
