import { createRoot, type Root } from 'react-dom/client';
import { unstableSetRender } from 'antd';
import { App } from './app.tsx';
import './console.css';

// antd 5's static methods (`message.error` in api.ts shows every server error) render nothing on React 19
// until they are given a createRoot-based renderer.
const roots = new WeakMap<Element | DocumentFragment, Root>();
unstableSetRender((node, container) => {
  const root = roots.get(container) ?? createRoot(container);
  roots.set(container, root);
  root.render(node);
  return async () => {
    await new Promise((r) => setTimeout(r, 0));
    root.unmount();
    roots.delete(container);
  };
});

createRoot(document.getElementById('root')!).render(<App />);
