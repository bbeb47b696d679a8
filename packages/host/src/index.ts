export { ModelConfigError } from './model/model-config-error.js';
export {
  MODEL_PROVIDERS,
  type ModelProviderName,
  type ModelSpec,
  parseModelSpec,
} from './model/parse-model-spec.js';
export { type SelectedModel, type SelectModelOptions, selectModel } from './model/select-model.js';
