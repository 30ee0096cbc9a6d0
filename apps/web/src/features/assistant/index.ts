export { AssistantCard } from './components/assistant-card';
export { AssistantLauncher } from './components/assistant-launcher';
