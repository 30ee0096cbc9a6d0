export { MailboxPage } from './components/mailbox-page';
