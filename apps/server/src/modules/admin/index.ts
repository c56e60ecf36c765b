// The admin (staff console) module's public face.
export { createAdminModule } from './admin.module.ts';
