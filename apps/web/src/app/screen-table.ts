import type { ComponentType } from 'react';

// Screens are discovered by file: src/screens/<route>.screen.tsx. Each is its own lazy chunk.
const modules = import.meta.glob<{ default: ComponentType }>('../screens/**/*.screen.tsx');

/** The loader of a route's screen, or undefined when the route has no screen yet. */
export function screenLoader(route: string): (() => Promise<{ default: ComponentType }>) | undefined {
  return modules[`../screens/${route}.screen.tsx`];
}
