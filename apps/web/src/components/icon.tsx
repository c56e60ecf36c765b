/**
 * A small stroke icon set for the always-loaded screens (tab bar, home, my centre). Each is a few path
 * commands, a fraction of a full icon library's size; other screens may use antd-mobile-icons freely.
 */
const shapes = {
  home: 'M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z',
  bag: 'M5 8h14l-1 13H6zM9 8V6a3 3 0 0 1 6 0v2',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0',
  team: 'M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM2 20a7 7 0 0 1 14 0M16 5a3 3 0 0 1 0 6M18 14a6 6 0 0 1 4 6',
  ship: 'M3 16l2 4h14l2-4zM6 16V9h12v7M12 9V4M9 6h6',
  plane: 'M2 13l20-9-7 18-3-7zM12 15l3-4',
  box: 'M3 7l9-4 9 4v10l-9 4-9-4zM3 7l9 4 9-4M12 11v10',
  calc: 'M6 3h12v18H6zM9 7h6M9 12h1M14 12h1M9 16h1M14 16h1',
  pin: 'M12 21s-7-6.5-7-12a7 7 0 0 1 14 0c0 5.5-7 12-7 12zM12 11a2 2 0 1 0 0-4 2 2 0 0 0 0 4z',
  list: 'M8 6h13M8 12h13M8 18h13M3 6h1M3 12h1M3 18h1',
  wallet: 'M3 7h18v13H3zM3 7l14-4v4M16 14h2',
  coupon: 'M3 6h18v4a2 2 0 0 0 0 4v4H3v-4a2 2 0 0 0 0-4zM14 6v12',
  file: 'M6 3h9l4 4v14H6zM14 3v5h5M9 13h6M9 17h6',
  chat: 'M4 5h16v11H9l-5 4z',
  key: 'M14 10a4 4 0 1 0-3 3.9L13 16h2v2h2v2h3v-3l-6-6',
  swap: 'M4 8h14l-3-3M20 16H6l3 3',
  roles: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 11-7.4M17 15v6M14 18h6',
  link: 'M10 14a4 4 0 0 0 6 0l3-3a4 4 0 0 0-6-6l-1 1M14 10a4 4 0 0 0-6 0l-3 3a4 4 0 0 0 6 6l1-1',
  globe: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18',
  bell: 'M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 21h4',
  sound: 'M4 9v6h4l5 4V5L8 9zM17 9a4 4 0 0 1 0 6',
} as const;

export type IconName = keyof typeof shapes;

export function Icon({ name, size = '1em' }: { name: IconName; size?: number | string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      <path d={shapes[name]} />
    </svg>
  );
}
