import { Tabs as TabsPrimitive } from 'radix-ui';
import type { ComponentPropsWithRef } from 'react';
import { cn } from './cn';

/** Radix Tabs: arrow keys move between triggers, Home/End jump to the ends. */
export function Tabs({ className, ...props }: ComponentPropsWithRef<typeof TabsPrimitive.Root>) {
  return <TabsPrimitive.Root className={cn('flex flex-col gap-5', className)} {...props} />;
}

export function TabsList({ className, ...props }: ComponentPropsWithRef<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn(
        // Many tabs on a phone scroll sideways instead of wrapping onto a second line.
        'flex max-w-full gap-1 self-start overflow-x-auto rounded-pill border border-line bg-sand/60 p-1',
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentPropsWithRef<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
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

export function TabsContent({ className, ...props }: ComponentPropsWithRef<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content
      className={cn(
        'rounded-card focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-focus',
        'data-[state=active]:animate-fade-in',
        className,
      )}
      {...props}
    />
  );
}
