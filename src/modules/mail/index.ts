export { mailModule } from './mail.module.ts';
