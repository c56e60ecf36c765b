import { useState } from 'react';
import { Button, Input } from 'antd-mobile';
import { useTranslation } from '../../../lib/translation.ts';
import { toast } from '../../../lib/feedback.ts';
import { nav } from '../../../lib/nav.ts';
import { paths } from '../../../lib/paths.ts';
import { linkMissOf, useRecogniseLink, type LinkMiss } from '../api/recognise-link.ts';
import { LinkMissNotice } from './link-miss.tsx';
import { openProduct } from './product-card.tsx';

/**
 * Paste a product link or a platform app's share text (【淘宝】…, a JD / 1688 / PDD link): it is recognised
 * (getJDBySkuid) and opens in its detail page. Where the browser allows, the clipboard can be read with one tap.
 * An item not in our catalogue (or a text not recognised) says so under the box, with a search by title instead.
 */
export function PasteLink() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [miss, setMiss] = useState<LinkMiss | null>(null);
  const recognise = useRecogniseLink();
  const canRead = typeof navigator !== 'undefined' && !!navigator.clipboard?.readText;

  const go = async (value: string) => {
    const v = value.trim();
    if (!v) return toast(t('mall.pasteEmpty'));
    setMiss(null);
    try {
      const r = await recognise.mutateAsync(v);
      setText('');
      openProduct(r.product);
    } catch (e) {
      setMiss(linkMissOf(e));
    }
  };
  const fromClipboard = async () => {
    const v = await navigator.clipboard.readText().catch(() => '');
    if (!v.trim()) return toast(t('mall.clipboardEmpty'));
    setText(v);
    await go(v);
  };

  return (
    <>
      <div className="mall-paste" data-testid="paste-link">
        <Input
          aria-label={t('mall.pastePh')}
          placeholder={t('mall.pastePh')}
          value={text}
          onChange={(v) => {
            setText(v);
            setMiss(null);
          }}
          onEnterPress={() => void go(text)}
          clearable
          data-testid="paste-input"
        />
        {text.trim() || !canRead ? (
          <Button size="small" color="danger" loading={recognise.isPending} onClick={() => void go(text)} data-testid="paste-go">
            {t('mall.pasteGo')}
          </Button>
        ) : (
          <Button size="small" color="danger" fill="outline" onClick={() => void fromClipboard()} data-testid="paste-clipboard">
            {t('mall.pasteClipboard')}
          </Button>
        )}
      </div>
      {miss && <LinkMissNotice miss={miss} onSearch={(title) => nav.navigateTo(paths.searchShop, title ? { keyword: title } : {})} />}
    </>
  );
}
