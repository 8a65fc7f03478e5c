// The owner's "Ajustes": the ajustes route.
export { settingsQueryOptions, SettingsEditor } from './components/settings-editor';
