// The system module's public face: settings for every module, staff accounts (seeds, the staff console) and the outbox.
export { createSystemModule } from './system.module.ts';
export { SettingsService, defaultSettings, settingsView } from './settings.service.ts';
export { findStaffAccountById, findStaffIdByAccount } from './staff.port.ts';
export { staffStore, type StaffRow, type OutboxRow } from './staff-store.repository.ts';
