// The same member order view, reached from a batch list (the spec keeps both detail routes).
export { default } from './member-detail.screen.tsx';
