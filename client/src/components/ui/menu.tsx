import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from './cn';

export interface MenuAction {
  label: string;
  icon?: ReactNode;
  onSelect: () => void;
  /** Drawn in red: an action that takes something away (it still asks before doing it). */
  tone?: 'danger';
}

export interface ActionMenuProps {
  /** The button that opens the menu: give it an accessible name (aria-label) when it shows only an icon. */
  trigger: ReactNode;
  actions: MenuAction[];
}

/** A menu of secondary actions on Radix DropdownMenu: arrow keys, typeahead, Enter and Escape all work. */
export function ActionMenu({ trigger, actions }: ActionMenuProps) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className={cn(
            'z-50 min-w-44 max-w-[calc(100vw-1rem)] rounded-control border border-line bg-surface p-1 shadow-lift',
            'data-[state=open]:animate-fade-in',
          )}
        >
          {actions.map((action) => (
            <DropdownMenu.Item
              key={action.label}
              onSelect={action.onSelect}
              className={cn(
                'flex min-h-10 cursor-pointer items-center gap-2.5 rounded-[0.4rem] px-3 py-2 text-[0.9375rem] outline-none select-none',
                'data-[highlighted]:bg-sand',
                action.tone === 'danger' ? 'text-danger' : 'text-ink',
              )}
            >
              {action.icon}
              {action.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
