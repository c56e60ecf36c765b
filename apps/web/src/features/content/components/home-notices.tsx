import { NoticeBar } from 'antd-mobile';
import { useNotices } from '../api/notices.ts';
import { openLink } from './open-link.ts';

/**
 * The home notice bar: the newest published notices, each opening what it links to. Loaded lazily by the
 * home screen so none of this is on its critical path.
 */
export default function HomeNotices() {
  const { data } = useNotices();
  const list = data?.list ?? [];
  if (!list.length) return null;
  return (
    <div data-testid="home-notices">
      {list.slice(0, 3).map((n) => (
        <div
          key={n.id}
          role="link"
          tabIndex={0}
          onClick={() => openLink(n.link)}
          style={{ cursor: n.link.type === 'none' ? 'default' : 'pointer' }}
        >
          <NoticeBar className="alert" content={n.title} color="info" wrap />
        </div>
      ))}
    </div>
  );
}
