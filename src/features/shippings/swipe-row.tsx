import { useRef, useState, type MouseEvent, type PointerEvent, type ReactNode } from 'react';

/** Spec §2: each revealed action is 65 px wide (130 px for two). */
export const SWIPE_ACTION_WIDTH = 65;
/** A move shorter than this is a tap, and a mostly vertical one is a scroll. */
const DRAG_THRESHOLD = 8;

/**
 * A row that slides: right reveals `start` actions, left reveals `end` actions, and it
 * snaps open past half the width. Written here rather than Ionic's item-sliding, which
 * every user's first screen would otherwise load. Hidden actions are out of the tab order;
 * the same actions are on the row's menu for a keyboard or a mouse.
 */
export function SwipeRow({ start = [], end = [], children }: { start?: ReactNode[]; end?: ReactNode[]; children: ReactNode }) {
  const startWidth = start.length * SWIPE_ACTION_WIDTH;
  const endWidth = end.length * SWIPE_ACTION_WIDTH;
  const [offset, setOffset] = useState(0);
  const [dragging, setDragging] = useState(false);
  const drag = useRef<{ x: number; y: number; from: number; moved: boolean } | null>(null);
  const justDragged = useRef(false);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    justDragged.current = false;
    drag.current = { x: event.clientX, y: event.clientY, from: offset, moved: false };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current) return;
    const dx = event.clientX - current.x;
    const dy = event.clientY - current.y;
    if (!current.moved) {
      if (Math.abs(dx) < DRAG_THRESHOLD || Math.abs(dx) < Math.abs(dy)) return;
      current.moved = true;
      setDragging(true);
      event.currentTarget.setPointerCapture(event.pointerId);
    }
    setOffset(Math.max(-endWidth, Math.min(startWidth, current.from + dx)));
  };
  const onPointerEnd = () => {
    const current = drag.current;
    drag.current = null;
    if (!current?.moved) return;
    justDragged.current = true;
    setDragging(false);
    setOffset((value) => (value > startWidth / 2 ? startWidth : value < -endWidth / 2 ? -endWidth : 0));
  };
  // The click that ends a drag is no tap; a tap on an open row closes it instead of
  // opening what the row leads to.
  const onClickCapture = (event: MouseEvent) => {
    if (justDragged.current || offset !== 0) {
      event.stopPropagation();
      event.preventDefault();
      if (!justDragged.current) setOffset(0);
    }
    justDragged.current = false;
  };
  const close = () => setOffset(0);

  return (
    <div className="swipe-row">
      {start.length > 0 && (
        <div className="swipe-row__actions swipe-row__actions--start" inert={offset <= 0} aria-hidden={offset <= 0} onClick={close}>
          {start}
        </div>
      )}
      {end.length > 0 && (
        <div className="swipe-row__actions swipe-row__actions--end" inert={offset >= 0} aria-hidden={offset >= 0} onClick={close}>
          {end}
        </div>
      )}
      <div
        className={`swipe-row__content${dragging ? ' swipe-row__content--dragging' : ''}`}
        style={{ transform: offset === 0 ? undefined : `translateX(${offset}px)` }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onClickCapture={onClickCapture}
      >
        {children}
      </div>
    </div>
  );
}
