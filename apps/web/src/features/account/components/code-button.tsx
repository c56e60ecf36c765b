import { useEffect, useState } from 'react';
import { Button, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { timing } from '@pinyou/contract';
import { useSendCode, type CodePurpose } from '../api/send-code.ts';

/** Sends a code to the phone/e-mail and counts down 60 s before another may be asked for. */
export function CodeButton({ target, purpose, validate }: { target: () => string; purpose: CodePurpose; validate: () => string | null }) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(0);
  const send = useSendCode();
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const onClick = async () => {
    const problem = validate();
    if (problem) {
      Toast.show({ content: problem });
      return;
    }
    try {
      const res = await send.mutateAsync({ target: target(), purpose });
      setLeft(res.resend_after ?? timing.codeResendSeconds);
      Toast.show({ icon: 'success', content: t('account.codeSent') });
    } catch {
      /* the client already showed why */
    }
  };
  return (
    <Button
      size="small"
      color="primary"
      fill="none"
      disabled={left > 0}
      loading={send.isPending}
      onClick={() => void onClick()}
      data-testid="send-code"
    >
      {left > 0 ? t('account.resendIn', { n: left }) : t('account.getCode')}
    </Button>
  );
}
