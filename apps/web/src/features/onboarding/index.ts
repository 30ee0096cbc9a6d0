export { TestModePage } from './components/test-mode-page';
