import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { Kv } from '../../core/kv.ts';
import { handlersOf, type ServerModule } from '../module.ts';
import type { SettingsService } from '../system/index.ts';
import type { NotificationsPort } from '../notifications/index.ts';
import type { AuditPort } from '../audit/index.ts';
import type { PickupParcelsPort } from '../parcels/index.ts';
import { ContentService } from './content.service.ts';
import { SupportService } from './support.service.ts';
import { AssistantService } from './assistant.service.ts';
import { PickupService } from './pickup.service.ts';
import type { ChatModel } from './assistant.provider.ts';
import type { AssistantData, GroupPackingInfo, MallOrdersInfo } from './assistant.tools.ts';
import { contentAdminRoutes, contentRoutes } from './content.routes.ts';
import { registerAssistantStream } from './assistant.http.ts';
import { seedContent } from './content.seed.ts';

/** Notices, articles and slides; the assistant and human support behind it; pickup-site records. */
export function createContentModule(d: {
  env: Env;
  db: Db;
  kv: Kv;
  settings: SettingsService;
  chatModel: ChatModel;
  /** The customer's own data for the assistant's tools (parcels, wallet, pricing). */
  assistantData: AssistantData;
  /** When is the asker's group packing (the groups module's answer). */
  groupPacking?: GroupPackingInfo | null;
  /** The asker's recent mall orders (the mall module's answer). */
  mallOrders?: MallOrdersInfo | null;
  pickupParcels: PickupParcelsPort;
  staffName: (staffId: number) => Promise<string>;
  notifications: NotificationsPort | null;
  audit?: AuditPort;
}) {
  const content = new ContentService(d.db, undefined, d.audit ?? null);
  const support = new SupportService(d.db, d.settings, d.staffName, d.notifications, d.audit ?? null);
  const assistant = new AssistantService(
    d.db,
    d.kv,
    content,
    support,
    d.chatModel,
    d.assistantData,
    d.groupPacking ?? null,
    d.mallOrders ?? null,
  );
  const pickup = new PickupService(d.db, d.pickupParcels);
  const services = { content, support, assistant, pickup };
  const module: ServerModule = {
    name: 'content',
    handlers: handlersOf({ content: contentRoutes(services), contentAdmin: contentAdminRoutes(services) }),
    http: (app, version, pipeline) => registerAssistantStream(app, pipeline, version, assistant),
    seedDemo: (users) => seedContent({ db: d.db, content, uploadsDir: d.env.uploadsDir }, users),
  };
  return { services, module };
}
