// The mall module's public face.
export { createMallModule } from './mall.module.ts';
