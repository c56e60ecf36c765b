import { contract } from '@pinyou/contract';
import { staffIdOf, type Handlers } from '../../core/http.ts';
import type { StaffService } from './staff.service.ts';
import { settingsView, type SettingsService } from '../system/index.ts';
import type { SessionService } from '../account/index.ts';
import type { UploadService } from '../account/index.ts';
import type { AuditService } from '../audit/index.ts';

export interface AdminRouteDeps {
  staff: StaffService;
  settings: SettingsService;
  sessions: SessionService;
  uploads: UploadService;
  audit: AuditService;
}

export function adminRoutes(s: AdminRouteDeps): Handlers<typeof contract.admin> {
  const { staff, settings, sessions, uploads, audit } = s;
  return {
    adminLogin: (i, ctx) => staff.login(i.account, i.password, ctx),
    adminMe: (_, ctx) => staff.me(staffIdOf(ctx)),
    adminLogout: async (_, ctx) => {
      await sessions.revoke(ctx.session!.id);
      return {};
    },
    adminUploadImage: (i, ctx) =>
      uploads.saveImage({ staffId: staffIdOf(ctx) }, i.purpose, ctx.files[0], ctx.lang, (tx, row) =>
        audit.record(tx, {
          action: 'admin/uploadImage',
          objectType: 'upload',
          objectId: row.id,
          after: { file_name: row.fileName, purpose: row.purpose, mime: row.mime, size: row.size },
        }),
      ),
    outbox: (i) => staff.outbox(i),
    userList: (i) => staff.users(i),
    userDetail: (i) => staff.userDetail(i.user_id),
    setUserDisabled: (i) => staff.setUserDisabled(i.user_id, i.disabled),
    getSettings: async () => ({ info: settingsView(await settings.get()) }),
    saveSettings: async (i, ctx) => ({ info: settingsView(await settings.save(i.info, staffIdOf(ctx), ctx.session?.staffRole ?? '')) }),
    outboxReveal: (i) => staff.revealOutbox(i.id),
    staffList: (i) => staff.staffList(i),
    staffCreate: (i) => staff.staffCreate(i),
    staffUpdate: (i, ctx) => staff.staffUpdate(staffIdOf(ctx), i),
    auditList: (i) => audit.list(i),
  };
}
