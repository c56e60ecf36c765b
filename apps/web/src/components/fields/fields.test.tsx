import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../lib/translation.ts', () => ({
  useTranslation: () => ({ t: (k: string, o?: Record<string, unknown>) => (o ? `${k} ${JSON.stringify(o)}` : k) }),
}));
const toast = vi.fn();
vi.mock('antd-mobile', async (orig) => ({
  ...(await orig<typeof import('antd-mobile')>()),
  Toast: { show: (...a: unknown[]) => toast(...a) },
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const { Form } = await import('antd-mobile');
const { PhoneField } = await import('./phone-field.tsx');
const { CodeField, SendCodeButton } = await import('./code-field.tsx');
const { AmountField } = await import('./amount-field.tsx');

let host: HTMLDivElement;
let root: Root;
beforeEach(() => {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  toast.mockReset();
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.useRealTimers();
});

const button = () => host.querySelector('[data-testid="send-code"]') as HTMLButtonElement;
const flush = () => act(async () => await Promise.resolve());

describe('PhoneField', () => {
  it('shows +65 before the number and keeps a pasted number as its 8 digits', async () => {
    let formRef!: ReturnType<typeof Form.useForm>[0];
    function Probe() {
      const [f] = Form.useForm();
      formRef = f;
      return (
        <Form form={f}>
          <PhoneField name="phone" label="Phone" testId="p" />
        </Form>
      );
    }
    act(() => root.render(<Probe />));
    expect(host.querySelector('[data-testid="dial-code"]')?.textContent).toBe('+65');
    const input = host.querySelector('input') as HTMLInputElement;
    expect(input.type).toBe('tel');
    act(() => formRef.setFieldsValue({ phone: '' }));
    // What a paste into the input does: React sees an input event with the pasted text.
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    act(() => {
      setter.call(input, '+65 9123 4567');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(formRef.getFieldValue('phone')).toBe('91234567');
    await act(async () => {
      await formRef.validateFields().catch(() => undefined);
    });
    expect(formRef.getFieldError('phone')).toEqual([]);
    act(() => formRef.setFieldsValue({ phone: '61234567' }));
    await act(async () => {
      await formRef.validateFields().catch(() => undefined);
    });
    expect(formRef.getFieldError('phone')).toEqual(['rules.sgMobile']);
  });
});

describe('CodeField', () => {
  it('keeps the digits of a typed code and applies the 6-digit rule, with its send button beside the input', async () => {
    let formRef!: ReturnType<typeof Form.useForm>[0];
    function Probe() {
      const [f] = Form.useForm();
      formRef = f;
      return (
        <Form form={f}>
          <CodeField label="Code" send={async () => 60} validate={() => null} />
        </Form>
      );
    }
    act(() => root.render(<Probe />));
    expect(host.querySelector('.code-input [data-testid="send-code"]')).not.toBeNull();
    const input = host.querySelector('input') as HTMLInputElement;
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    act(() => {
      setter.call(input, '12 34 56');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(formRef.getFieldValue('code')).toBe('123456');
    act(() => formRef.setFieldsValue({ code: '123' }));
    await act(async () => {
      await formRef.validateFields().catch(() => undefined);
    });
    expect(formRef.getFieldError('code')).toEqual(['rules.code6']);
  });
});

describe('SendCodeButton', () => {
  it('does not send to a wrong target', async () => {
    const send = vi.fn(async () => 60);
    act(() => root.render(<SendCodeButton send={send} validate={() => 'rules.sgMobile'} />));
    await act(async () => button().click());
    expect(send).not.toHaveBeenCalled();
    expect(toast).toHaveBeenCalledWith({ content: 'rules.sgMobile' });
    expect(button().disabled).toBe(false);
  });

  it('counts down the resend interval after a code is sent, then allows another', async () => {
    vi.useFakeTimers();
    const send = vi.fn(async () => 60);
    act(() => root.render(<SendCodeButton send={send} validate={() => null} />));
    await act(async () => button().click());
    await flush();
    expect(send).toHaveBeenCalledTimes(1);
    expect(button().disabled).toBe(true);
    expect(button().textContent).toBe('fields.resendIn {"n":60}');
    for (let i = 0; i < 59; i++) act(() => void vi.advanceTimersByTime(1000));
    expect(button().textContent).toBe('fields.resendIn {"n":1}');
    act(() => void vi.advanceTimersByTime(1000));
    expect(button().disabled).toBe(false);
    expect(button().textContent).toBe('fields.getCode');
  });

  it('does not count down when sending failed', async () => {
    const send = vi.fn(async () => {
      throw new Error('server said no');
    });
    act(() => root.render(<SendCodeButton send={send} validate={() => null} />));
    await act(async () => button().click());
    await flush();
    expect(send).toHaveBeenCalledTimes(1);
    expect(button().disabled).toBe(false);
    expect(button().textContent).toBe('fields.getCode');
  });
});

describe('AmountField', () => {
  it('reads a decimal comma as a point and shows the rule message', () => {
    const changed: string[] = [];
    act(() => root.render(<AmountField value="" onChange={(v) => changed.push(v)} error="rules.amount" testId="a" errorTestId="e" />));
    const input = host.querySelector('input') as HTMLInputElement;
    expect(input.inputMode).toBe('decimal');
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    act(() => {
      setter.call(input, '12,5');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(changed.at(-1)).toBe('12.5');
    expect(host.querySelector('[data-testid="e"]')?.textContent).toBe('rules.amount');
    expect(host.textContent).toContain('S$');
  });
});
