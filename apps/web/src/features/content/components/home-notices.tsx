import { Swiper } from 'antd-mobile';
import { SoundOutline } from 'antd-mobile-icons';
import { timing } from '@pinyou/contract';
import { useNotices } from '../api/notices.ts';
import { useSlides } from '../api/slides.ts';
import { openLink } from './open-link.ts';
import { useTellSettled } from '../../../lib/settled.ts';

/**
 * The home carousel and notice bar: published slides and the newest notices, each opening what it links
 * to. Loaded lazily by the home screen so none of this is on its critical path.
 */
export default function HomeNotices({ onSettled }: { onSettled?: () => void }) {
  const { data, isPending } = useNotices();
  const { data: slides, isPending: slidesPending } = useSlides();
  useTellSettled(!isPending && !slidesPending, onSettled);
  const list = data?.list ?? [];
  const shown = slides?.list ?? [];
  return (
    <>
      {shown.length > 0 && (
        <div style={{ margin: '8px 12px' }} data-testid="home-slides">
          <Swiper autoplay={shown.length > 1} autoplayInterval={timing.swiperIntervalMs} loop={shown.length > 1}>
            {shown.map((s) => (
              <Swiper.Item key={s.id}>
                <img
                  src={s.image}
                  alt={s.title}
                  onClick={() => openLink(s.link)}
                  style={{ width: '100%', aspectRatio: '5 / 2', objectFit: 'cover', borderRadius: 8, display: 'block' }}
                />
              </Swiper.Item>
            ))}
          </Swiper>
        </div>
      )}
      {list.length > 0 && (
        <div data-testid="home-notices">
          {list.slice(0, 3).map((n) => (
            <div
              key={n.id}
              role="link"
              tabIndex={0}
              onClick={() => openLink(n.link)}
              style={{ cursor: n.link.type === 'none' ? 'default' : 'pointer' }}
            >
              {/* Drawn as antd-mobile's wrapped info NoticeBar looks, without its script: that measures its text's
                  width after every render and resize, a forced layout of the whole page while it loads. */}
              <div className="alert home-notice">
                <SoundOutline className="home-notice-icon" aria-hidden />
                <span>{n.title}</span>
              </div>
            </div>
          ))}
        </div>
      )}
    </>
  );
}
