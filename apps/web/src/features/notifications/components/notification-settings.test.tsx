import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contract, notificationKinds } from '@pinyou/contract';

const call = vi.fn();
const confirm = vi.fn(async () => true);
vi.mock('../../../lib/api.ts', () => ({ api: { call: (...a: unknown[]) => call(...a) } }));
vi.mock('../../../lib/translation.ts', () => ({
  useTranslation: () => ({ t: (k: string, o?: Record<string, unknown>) => (o ? `${k} ${JSON.stringify(o)}` : k) }),
}));
vi.mock('antd-mobile', async (orig) => ({ ...(await orig<typeof import('antd-mobile')>()), Dialog: { confirm: () => confirm() } }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const { NotificationSettings } = await import('./notification-settings.tsx');

const P = contract.platform;
const settings = notificationKinds.map((kind) => ({
  kind,
  in_app: true,
  sms: false,
  email: false,
  wechat: true,
  whatsapp: false,
  telegram: false,
}));
const state = (o: { wa?: boolean; tg?: boolean } = {}) => ({
  whatsapp: { opted_in: !!o.wa, phone: '+6581234567', opted_in_at: o.wa ? '2026-11-29T10:00:00.000Z' : null },
  telegram: { linked: !!o.tg, linked_at: o.tg ? '2026-11-29T10:00:00.000Z' : null, bot_name: 'PinyouBot' },
});
/** Answers each call by its endpoint, like the server would. */
function server(current: ReturnType<typeof state>) {
  call.mockImplementation(async (def: { path: string }, input: { on?: number; list?: unknown[] }) => {
    if (def.path === P.notificationSettings.path) return { list: settings };
    if (def.path === P.notificationChannelState.path) return current;
    if (def.path === P.whatsappOptIn.path) return (current = state({ wa: input.on === 1, tg: current.telegram.linked }));
    if (def.path === P.telegramLink.path) return { url: 'https://t.me/PinyouBot?start=tok123', expires_at: '2026-11-29T10:30:00.000Z' };
    if (def.path === P.telegramUnlink.path) return (current = state({ wa: current.whatsapp.opted_in }));
    if (def.path === P.saveNotificationSettings.path) return { list: settings };
    throw new Error(`unexpected ${def.path}`);
  });
}

let root: Root;
let host: HTMLDivElement;
const flush = () =>
  act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
async function render() {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  await act(async () =>
    root.render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <NotificationSettings />
      </QueryClientProvider>,
    ),
  );
  await flush();
  await flush();
}
const q = (id: string) => host.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const disabled = (id: string) => q(id)!.getAttribute('aria-disabled') === 'true';
const calls = (path: string) => call.mock.calls.filter((c) => (c[0] as { path: string }).path === path).map((c) => c[1]);

describe('notification settings: WhatsApp and Telegram', () => {
  beforeEach(() => {
    call.mockReset();
    confirm.mockClear();
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
  });

  it('keeps WhatsApp and Telegram off per kind until opted in; the opt-in asks for consent at the account phone', async () => {
    server(state());
    await render();
    expect(q('channel-opt-in')!.textContent).toContain('notifications.whatsapp.label {"phone":"+6581234567"}');
    expect(disabled('setting-parcel.arrived-whatsapp')).toBe(true);
    expect(disabled('setting-parcel.arrived-telegram')).toBe(true);
    expect(disabled('setting-parcel.arrived-sms')).toBe(false);

    await act(async () => q('whatsapp-opt-in')!.click());
    await flush();
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(calls(P.whatsappOptIn.path)).toEqual([{ on: 1 }]);
    expect(disabled('setting-parcel.arrived-whatsapp')).toBe(false);

    await act(async () => q('setting-bill.due-whatsapp')!.click());
    await flush();
    expect(calls(P.saveNotificationSettings.path)).toEqual([
      { list: [{ kind: 'bill.due', sms: false, email: false, wechat: true, whatsapp: true, telegram: false }] },
    ]);
  });

  it('connects Telegram through the deep link and disconnects', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    server(state());
    await render();
    await act(async () => q('telegram-connect')!.click());
    await flush();
    expect(open).toHaveBeenCalledWith('https://t.me/PinyouBot?start=tok123', '_blank', 'noopener,noreferrer');
    expect(q('telegram-open')!.getAttribute('href')).toBe('https://t.me/PinyouBot?start=tok123');
    open.mockRestore();
    act(() => root.unmount());
    host.remove();

    server(state({ tg: true }));
    await render();
    expect(q('telegram-connected')).not.toBeNull();
    expect(disabled('setting-parcel.arrived-telegram')).toBe(false);
    await act(async () => q('telegram-unlink')!.click());
    await flush();
    expect(calls(P.telegramUnlink.path)).toHaveLength(1);
    expect(q('telegram-connected')).toBeNull();
    expect(q('telegram-connect')).not.toBeNull();
  });
});
