export { ArticleEditorPage, NewArticlePage } from './admin/article-editor-page';
export { KnowledgePage } from './admin/knowledge-page';
export { QuestionsPage } from './admin/questions-page';
export { ResourcesPage } from './admin/resources-page';
export { AssistantCard } from './components/assistant-card';
export { AssistantLauncher } from './components/assistant-launcher';
