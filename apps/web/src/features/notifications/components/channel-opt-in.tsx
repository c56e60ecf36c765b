import { useState } from 'react';
import { Button, Dialog, List, Switch } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import { useChannelState } from '../api/channel-state.ts';
import { useWhatsappOptIn } from '../api/whatsapp-opt-in.ts';
import { useTelegramLink } from '../api/telegram-link.ts';
import { useTelegramUnlink } from '../api/telegram-unlink.ts';

/**
 * The channels a user joins before choosing kinds for them: WhatsApp (consent to messages at the account's
 * verified phone; off again here or by replying STOP) and Telegram (a one-time deep link to the bot).
 */
export function ChannelOptIn() {
  const { t } = useTranslation();
  const [link, setLink] = useState<string | null>(null);
  const { data: state } = useChannelState(!!link);
  const optIn = useWhatsappOptIn();
  const makeLink = useTelegramLink();
  const unlink = useTelegramUnlink();
  if (!state) return null;
  const wa = state.whatsapp;
  const tg = state.telegram;
  const linkPending = !!link && !tg.linked;

  const toggleWhatsapp = async (on: boolean) => {
    if (on) {
      const ok = await Dialog.confirm({
        title: t('notifications.whatsapp.consentTitle'),
        content: t('notifications.whatsapp.consent', { phone: wa.phone ?? '' }),
        confirmText: t('notifications.whatsapp.agree'),
        cancelText: t('common.cancel'),
      });
      if (!ok) return;
    }
    optIn.mutate(on);
  };
  const connect = () =>
    makeLink.mutate(undefined, {
      onSuccess: (r) => {
        setLink(r.url);
        window.open(r.url, '_blank', 'noopener,noreferrer');
      },
    });

  return (
    <List header={t('notifications.optIn.header')} data-testid="channel-opt-in">
      <List.Item
        description={
          wa.opted_in ? t('notifications.whatsapp.on', { phone: wa.phone ?? '' }) : wa.phone ? null : t('notifications.whatsapp.noPhone')
        }
        extra={
          <Switch
            checked={wa.opted_in}
            loading={optIn.isPending}
            disabled={!wa.opted_in && !wa.phone}
            onChange={(on) => void toggleWhatsapp(on)}
            data-testid="whatsapp-opt-in"
          />
        }
      >
        {t('notifications.whatsapp.label', { phone: wa.phone ?? '' })}
      </List.Item>
      <List.Item
        description={
          tg.linked
            ? t('notifications.telegram.connected')
            : linkPending
              ? t('notifications.telegram.pending', { bot: tg.bot_name })
              : t('notifications.telegram.hint')
        }
        extra={
          tg.linked ? (
            <Button size="small" loading={unlink.isPending} onClick={() => unlink.mutate()} data-testid="telegram-unlink">
              {t('notifications.telegram.disconnect')}
            </Button>
          ) : linkPending ? (
            <a href={link!} target="_blank" rel="noopener noreferrer" data-testid="telegram-open">
              {t('notifications.telegram.open')}
            </a>
          ) : (
            <Button size="small" color="primary" loading={makeLink.isPending} onClick={connect} data-testid="telegram-connect">
              {t('notifications.telegram.connect')}
            </Button>
          )
        }
      >
        Telegram {tg.linked ? <span data-testid="telegram-connected">· {t('notifications.telegram.connectedShort')}</span> : null}
      </List.Item>
    </List>
  );
}
