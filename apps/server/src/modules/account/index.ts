// The account module's public face: other modules and the app import from here, never deeper.
export { createAccountModule } from './account.module.ts';
export { MAX_IMAGE_BYTES } from './upload.service.ts';
export { AccountPort, type AccountUser } from './account.port.ts';
export { accountContacts, type ContactsPort, type UserContact } from './contacts.port.ts';
