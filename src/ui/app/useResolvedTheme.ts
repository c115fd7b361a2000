/** The theme actually in use: the user's choice, or the system's (prefers-color-scheme) when they chose none. */
import { useEffect, useState } from 'react';
import { DARK_THEME, LIGHT_THEME, type Theme } from '../../render/theme.ts';
import { useAppStore } from './StoreContext.tsx';
import { PRESENTER_THEME } from '../sim/presenter-theme.ts';

function systemPrefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
}

export function useResolvedTheme(): Theme {
  const choice = useAppStore((s) => s.theme);
  const presenter = useAppStore((s) => s.simPresenter);
  const [systemDark, setSystemDark] = useState(systemPrefersDark);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const query = matchMedia('(prefers-color-scheme: dark)');
    const onChange = () => setSystemDark(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  if (presenter) return PRESENTER_THEME; // the simulation's presenter mode: high contrast, larger type
  const dark = choice === 'dark' || (choice === 'system' && systemDark);
  return dark ? DARK_THEME : LIGHT_THEME;
}
