/**
 * Grey placeholders in the shape of what is loading, shown on a first load instead of a white screen.
 * Pure CSS (styles.css `.sk`), no library: they sit on the home critical path.
 */
export function ListSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div className="sk-list" aria-busy="true" data-testid="skeleton">
      {Array.from({ length: rows }, (_, i) => (
        <div className="sk-card" key={i}>
          <div className="sk sk-line w60" />
          <div className="sk sk-line w90" />
          <div className="sk sk-line w40" />
        </div>
      ))}
    </div>
  );
}

/** One card-sized placeholder (a wallet card, a detail header). */
export function CardSkeleton({ lines = 3 }: { lines?: number }) {
  return (
    <div className="sk-card section" aria-busy="true" data-testid="skeleton">
      {Array.from({ length: lines }, (_, i) => (
        <div className={`sk sk-line ${i === 0 ? 'w40' : i % 2 ? 'w90' : 'w60'}`} key={i} />
      ))}
    </div>
  );
}
