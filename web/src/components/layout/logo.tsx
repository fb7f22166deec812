export function Logo() {
  return (
    <span className="flex items-center gap-2 text-lg font-bold tracking-tight text-slate-900">
      <img src="/favicon.svg" alt="" width={32} height={32} className="h-8 w-8" />
      Shop
    </span>
  );
}
