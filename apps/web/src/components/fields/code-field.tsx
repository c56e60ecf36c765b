import './fields.css';
import { useState, type ReactNode } from 'react';
import { Button, Form, Input, Toast } from 'antd-mobile';
import { useTranslation } from '../../lib/translation.ts';
import { timing } from '@pinyou/contract';
import { codeProblem, normalizeCode } from './field-rules.ts';
import { useCountdown } from './use-countdown.ts';

export interface CodeFieldProps {
  name?: string;
  label: ReactNode;
  /**
   * Sends a code; resolves with the seconds the server asks to wait before another (resend_after), or
   * null when nothing was sent (the API client has already said why).
   */
  send: () => Promise<number | null>;
  /** What is wrong with the phone/e-mail the code would go to, or null when it can be sent. */
  validate: () => string | null;
  testId?: string;
}

/**
 * The one verification-code input: 6 digits (spec §5) and a "Get code" button that counts down the resend
 * interval (60 s, or what the server says) before another code may be asked for.
 */
export function CodeField({ name = 'code', label, send, validate, testId }: CodeFieldProps) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={label}
      normalize={(v: unknown) => normalizeCode(String(v ?? ''))}
      rules={[
        { required: true, message: t('rules.code6') },
        {
          validator: async (_r, v: unknown) => {
            if (v && codeProblem(String(v))) throw new Error(t('rules.code6'));
          },
        },
      ]}
    >
      <CodeInput send={send} validate={validate} testId={testId} />
    </Form.Item>
  );
}

/** The input and its button on one row, so a rule message under them has the whole width. */
function CodeInput({
  value,
  onChange,
  send,
  validate,
  testId,
}: { value?: string; onChange?: (v: string) => void; testId?: string } & Pick<CodeFieldProps, 'send' | 'validate'>) {
  return (
    <div className="code-input">
      <Input
        value={value ?? ''}
        onChange={(v) => onChange?.(normalizeCode(v))}
        placeholder="123456"
        type="tel"
        inputMode="numeric"
        autoComplete="one-time-code"
        data-testid={testId}
      />
      <SendCodeButton send={send} validate={validate} />
    </div>
  );
}

/** The button part: checks the target, sends, then counts down. */
export function SendCodeButton({ send, validate }: Pick<CodeFieldProps, 'send' | 'validate'>) {
  const { t } = useTranslation();
  const { left, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const onClick = async () => {
    const problem = validate();
    if (problem) {
      Toast.show({ content: problem });
      return;
    }
    setSending(true);
    const wait = await send().catch(() => null);
    setSending(false);
    if (wait === null) return;
    start(wait || timing.codeResendSeconds);
    Toast.show({ icon: 'success', content: t('fields.codeSent') });
  };
  return (
    <Button
      size="small"
      color="primary"
      fill="none"
      disabled={left > 0}
      loading={sending}
      onClick={() => void onClick()}
      data-testid="send-code"
    >
      {left > 0 ? t('fields.resendIn', { n: left }) : t('fields.getCode')}
    </Button>
  );
}
