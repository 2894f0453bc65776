export { renderBookingEmail } from './booking-email.ts';
export { mailModule } from './mail.module.ts';
