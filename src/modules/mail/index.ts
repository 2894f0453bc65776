export { forgetRecipients } from './email-messages-repository.ts';
export { mailModule } from './mail.module.ts';
