// The system module's public face: settings for every module, staff accounts for seeds.
export { createSystemModule } from './system.module.ts';
export { SettingsService, defaultSettings, settingsView } from './settings.service.ts';
export { findStaffAccountById, findStaffIdByAccount } from './staff.port.ts';
