import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import './console.css';

createRoot(document.getElementById('root')!).render(<App />);
