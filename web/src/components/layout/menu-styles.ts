export const menuContentClass =
  'z-50 min-w-44 rounded-xl border bg-card p-1 text-card-foreground shadow-lg data-[state=open]:animate-in';
export const menuItemClass =
  'flex cursor-pointer select-none items-center gap-2 rounded-md px-2.5 py-2 text-sm outline-none data-[highlighted]:bg-accent';
