import {
  createContext,
  useContext,
  useId,
  useState,
  type ComponentPropsWithRef,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { cn } from './cn';

// Tabs without Radix: the account page's first download carries them, and Radix Tabs with its
// roving-focus and collection helpers weighed about 7 KB gzip for what this file does.

interface TabsState {
  baseId: string;
  value: string;
  select: (value: string) => void;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(part: string): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error(`${part} must be used inside <Tabs>.`);
  return state;
}

const triggerId = (baseId: string, value: string) => `${baseId}-trigger-${value}`;
const contentId = (baseId: string, value: string) => `${baseId}-content-${value}`;

export interface TabsProps extends Omit<ComponentPropsWithRef<'div'>, 'defaultValue' | 'onChange'> {
  /** The open tab, when the caller keeps it (with onValueChange). */
  value?: string;
  /** The tab open at first, when the tabs keep it themselves. */
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  children?: ReactNode;
}

/** Tabs as the WAI-ARIA pattern: arrow keys move between triggers (and open them), Home/End jump to the ends. */
export function Tabs({ value, defaultValue = '', onValueChange, className, ...props }: TabsProps) {
  const baseId = useId();
  const [own, setOwn] = useState(defaultValue);
  const current = value ?? own;
  const select = (next: string) => {
    if (next === current) return;
    if (value === undefined) setOwn(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext.Provider value={{ baseId, value: current, select }}>
      <div className={cn('flex flex-col gap-5', className)} {...props} />
    </TabsContext.Provider>
  );
}

/** The keys that move between tabs, and where they go from `index` of `count`. */
const TAB_KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

export function TabsList({ className, onKeyDown, ...props }: ComponentPropsWithRef<'div'>) {
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    const target = TAB_KEYS[event.key];
    if (!target || event.defaultPrevented) return;
    const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
    const index = tabs.findIndex((tab) => tab === document.activeElement);
    if (index < 0) return;
    event.preventDefault();
    const next = tabs[target(index, tabs.length)];
    next.focus();
    next.click();
  };
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      onKeyDown={move}
      className={cn(
        // Many tabs on a phone scroll sideways instead of wrapping onto a second line.
        'flex max-w-full gap-1 self-start overflow-x-auto rounded-pill border border-line bg-sand/60 p-1',
        className,
      )}
      {...props}
    />
  );
}

export interface TabsTriggerProps extends ComponentPropsWithRef<'button'> {
  value: string;
}

export function TabsTrigger({ value, className, onClick, ...props }: TabsTriggerProps) {
  const tabs = useTabs('TabsTrigger');
  const active = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={triggerId(tabs.baseId, value)}
      aria-selected={active}
      aria-controls={contentId(tabs.baseId, value)}
      data-state={active ? 'active' : 'inactive'}
      // One tab stop for the whole list: the open tab; the arrow keys reach the others.
      tabIndex={active ? 0 : -1}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) tabs.select(value);
      }}
      className={cn(
        'inline-flex h-9 shrink-0 items-center justify-center whitespace-nowrap rounded-pill px-4 text-sm font-medium',
        'text-ink-muted transition-[background-color,color,box-shadow] duration-200 ease-calm hover:text-ink',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus',
        'data-[state=active]:bg-surface data-[state=active]:text-ink-strong data-[state=active]:shadow-soft',
        'disabled:cursor-not-allowed disabled:opacity-55',
        className,
      )}
      {...props}
    />
  );
}

export interface TabsContentProps extends ComponentPropsWithRef<'div'> {
  value: string;
}

/** The open tab's panel; the others are not rendered. */
export function TabsContent({ value, className, ...props }: TabsContentProps) {
  const tabs = useTabs('TabsContent');
  if (tabs.value !== value) return null;
  return (
    <div
      role="tabpanel"
      id={contentId(tabs.baseId, value)}
      aria-labelledby={triggerId(tabs.baseId, value)}
      data-state="active"
      tabIndex={0}
      className={cn(
        'rounded-card focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-focus',
        'data-[state=active]:animate-fade-in',
        className,
      )}
      {...props}
    />
  );
}
