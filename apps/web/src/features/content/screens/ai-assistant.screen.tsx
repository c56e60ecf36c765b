import { useEffect, useRef, useState } from 'react';
import { Button, Dialog } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/translation.ts';
import type { ChatMessage } from '@pinyou/contract';
import { useStrings } from '../../../lib/i18n.ts';
import { nav } from '../../../lib/nav.ts';
import { toast } from '../../../lib/feedback.ts';
import { paths } from '../../../lib/paths.ts';
import { useChatHistory } from '../api/chat-history.ts';
import { useChatClean } from '../api/chat-clean.ts';
import { useChatHandover } from '../api/chat-handover.ts';
import { askAssistant } from '../api/ai-talk-stream.ts';
import { contentKeys } from '../api/keys.ts';
import '../content.css';

/** The AI assistant: history, answers streamed as written, a stop button, and the way to a person. */
export default function AiTalkScreen() {
  useStrings('content');
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { data } = useChatHistory();
  const clean = useChatClean();
  const handover = useChatHandover();
  const [extra, setExtra] = useState<ChatMessage[]>([]);
  const [draft, setDraft] = useState('');
  const [partial, setPartial] = useState<string | null>(null);
  const [handedOver, setHandedOver] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const bottom = useRef<HTMLDivElement>(null);

  const messages = [...(data?.list ?? []), ...extra.filter((m) => !data?.list.some((d) => d.id === m.id))];
  const over = handedOver || !!data?.handed_over;
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, partial]);
  useEffect(() => () => abort.current?.abort(), []);

  async function send() {
    const text = draft.trim();
    if (!text || abort.current) return;
    setDraft('');
    const ctrl = new AbortController();
    abort.current = ctrl;
    setPartial('');
    try {
      await askAssistant(text, ctrl.signal, (e) => {
        if (e.event === 'start') setExtra((x) => [...x, e.data.user_message]);
        else if (e.event === 'delta') setPartial((p) => (p ?? '') + e.data.text);
        else if (e.event === 'done') {
          if (e.data.message) setExtra((x) => [...x, e.data.message!]);
          if (e.data.handed_over) setHandedOver(true);
        } else if (e.event === 'error') {
          if (String(e.data.code) === '605') setHandedOver(true);
          toast(e.data.msg);
        }
      });
    } catch {
      if (!ctrl.signal.aborted) toast(t('common.networkError', { defaultValue: 'Network error' }));
    } finally {
      abort.current = null;
      setPartial(null);
      // The server kept what was written before a stop; read it back.
      if (ctrl.signal.aborted) void qc.invalidateQueries({ queryKey: contentKeys.chat });
    }
  }

  function stop() {
    abort.current?.abort();
  }

  return (
    <div className="ct-chat" data-testid="ai-talk">
      <div className="toolbar">
        <Button
          size="small"
          onClick={() =>
            void Dialog.confirm({ content: t('content.chat.clearConfirm') }).then((yes) => {
              if (yes) void clean.mutateAsync().then(() => setExtra([]));
            })
          }
          data-testid="chat-clear"
        >
          {t('content.chat.clear')}
        </Button>
        <Button
          size="small"
          color="primary"
          fill="outline"
          onClick={() => void handover.mutateAsync(undefined).then(() => setHandedOver(true))}
          data-testid="chat-person"
        >
          {t('content.chat.person')}
        </Button>
      </div>
      <div className="msgs" data-testid="chat-messages">
        {messages.length === 0 && (
          <div className="ct-msg system">
            <div className="bubble">{t('content.chat.welcome')}</div>
          </div>
        )}
        {messages.map((m) => (
          <div key={m.id} className={`ct-msg ${m.role}`} data-testid={`msg-${m.role}`}>
            <div className="bubble">
              {m.content}
              {m.citations.map((c) => (
                <a
                  key={c.article_id}
                  className="cite"
                  onClick={() => nav.navigateTo(paths.articleDetail, { id: c.article_id })}
                  data-testid="chat-cite"
                >
                  {t('content.chat.readMore', { title: c.title })}
                </a>
              ))}
            </div>
          </div>
        ))}
        {partial !== null && (
          <div className="ct-msg assistant" data-testid="msg-streaming">
            <div className="bubble">{partial || '…'}</div>
          </div>
        )}
        {over && (
          <div className="ct-msg system">
            <div className="bubble">
              {t('content.chat.handedOver')}{' '}
              <a onClick={() => nav.navigateTo(paths.customerService)} data-testid="open-support">
                {t('content.chat.openSupport')}
              </a>
            </div>
          </div>
        )}
        <div ref={bottom} />
      </div>
      <form
        className="composer"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <input
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder={t('content.chat.placeholder')}
          maxLength={500}
          disabled={over}
          aria-label={t('content.chat.placeholder')}
          data-testid="chat-input"
        />
        {partial !== null ? (
          <Button color="danger" onClick={stop} data-testid="chat-stop">
            {t('content.chat.stop')}
          </Button>
        ) : (
          <Button color="primary" type="submit" disabled={over || !draft.trim()} data-testid="chat-send">
            {t('content.chat.send')}
          </Button>
        )}
      </form>
    </div>
  );
}
