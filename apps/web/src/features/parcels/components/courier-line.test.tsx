import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../locales/parcels/en.json';
import zh from '../../../locales/parcels/zh_CN.json';

vi.mock('../../../lib/translation.ts', () => ({
  useTranslation: () => ({ t: (k: string, o?: Record<string, unknown>) => (o ? `${k} ${JSON.stringify(o)}` : k) }),
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const { CourierLine } = await import('./courier-line.tsx');

let host: HTMLDivElement;
let root: Root;
beforeEach(() => {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

const event = { text: '【东莞市】派件中', at: '2026-11-20T09:00:00.000Z' };

describe('the courier line on a parcel', () => {
  it('shows the last domestic event and the arriving-soon tag while the parcel is on its way', () => {
    act(() => root.render(<CourierLine status="pending" courier={{ last_event: event, arriving_soon: true }} />));
    expect(host.querySelector('[data-testid="parcel-courier"]')!.textContent).toContain(
      'parcels.detail.courier {"event":"【东莞市】派件中"}',
    );
    expect(host.querySelector('[data-testid="parcel-arriving-soon"]')!.textContent).toBe('parcels.detail.arrivingSoon');
  });

  it('shows no tag before the courier is delivering, and nothing without an event or once arrived', () => {
    act(() => root.render(<CourierLine status="pending" courier={{ last_event: event, arriving_soon: false }} />));
    expect(host.querySelector('[data-testid="parcel-courier"]')).not.toBeNull();
    expect(host.querySelector('[data-testid="parcel-arriving-soon"]')).toBeNull();
    act(() => root.render(<CourierLine status="pending" courier={{ last_event: null, arriving_soon: false }} />));
    expect(host.innerHTML).toBe('');
    act(() => root.render(<CourierLine status="warehouse" courier={{ last_event: event, arriving_soon: true }} />));
    expect(host.innerHTML).toBe('');
  });

  it('has its words in both languages', () => {
    expect(en.parcels.detail.courier).toBe('With the courier: {{event}}');
    expect(en.parcels.detail.arrivingSoon).toBe('Arriving soon');
    expect(zh.parcels.detail.courier).toBe('快递途中：{{event}}');
    expect(zh.parcels.detail.arrivingSoon).toBe('即将到仓');
  });
});
