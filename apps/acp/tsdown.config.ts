import { defineConfig } from 'tsdown';
import { appBundleConfig } from '../../scripts/app-bundle-config.mjs';

// The `toolgate-acp` bin as one ESM bundle with no run-time dependencies (see scripts/app-bundle-config.mjs).
export default defineConfig(appBundleConfig());
