import { useEffect, useEffectEvent, useRef, useState, type KeyboardEvent } from 'react';
import { IonButton, IonIcon, useIonAlert } from '@ionic/react';
import { close, trashOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import {
  MIN_FREE_GAP_MINUTES,
  canEditSchedule,
  isSlotValid,
  newSlotPlacement,
  clockSlotOf,
  secondsToClockTime,
  slotMinutes,
  splitAtMidnight,
  type ClockSlot,
  type ScheduleTypeCode,
} from '@evc/domain';
import { ClockTimeField } from './clock-time-field.tsx';
import { DIAL, HOUR_MINUTES, STEP_MINUTES, arcPath, dialPoint, nearestStep } from './clock-dial.ts';
import './schedule-clock.css';

/** spec 001 §3: a slot as the server sends it, in seconds from midnight. */
export interface IncomingSlot {
  _id: string;
  startSeconds: number;
  endSeconds: number;
}

/** spec 001 §3: a slot as the clock emits it; `active` is the selected arc. */
export interface ScheduleArc {
  id: string;
  arcStart: string;
  arcEnd: string;
  colour: string;
  active: boolean;
}

export interface ScheduleClockChange {
  scheduleId: string;
  slots: ScheduleArc[];
}

/**
 * spec 001 §4: the page's 'clear slots' and 'add slot' signals. Every clock may receive one; only
 * the clock of `scheduleId` acts, once per `nonce`.
 */
export interface ScheduleClockSignal {
  scheduleId: string;
  kind: 'clear' | 'add';
  nonce: number;
}

/** spec 001 §2: editable arcs in one colour, read-only ones (Default included) in another. */
export const SLOT_COLOURS = { editable: '#0b8043', readOnly: '#7b8ba3', plan: '#e37400' } as const;

export interface ScheduleClockProps {
  scheduleId: string;
  scheduleType: ScheduleTypeCode;
  editable: boolean;
  slots: readonly IncomingSlot[];
  onChange?: (change: ScheduleClockChange) => void;
  signal?: ScheduleClockSignal | null;
  /** Read-only arcs of another kind in their own colour (a ready-by plan's half-hours). */
  colour?: string;
}

interface Arc extends ClockSlot {
  id: string;
}

/** A time being edited: what the on and off fields show, and whether it was refused. */
interface Draft extends ClockSlot {
  invalid: boolean;
}

const OUTLINE_MINUTES = 6;

const startOf = (slot: ClockSlot) => slotMinutes(slot)?.start ?? 0;
const byStart = (arcs: Arc[]) => [...arcs].sort((a, b) => startOf(a) - startOf(b));

function toArcs(slots: readonly IncomingSlot[]): Arc[] {
  return byStart(slots.map((slot) => ({ id: slot._id, ...clockSlotOf(slot) })));
}

const slotsKey = (slots: readonly IncomingSlot[]) =>
  slots.map((slot) => `${slot._id}:${slot.startSeconds}-${slot.endSeconds}`).join();

/**
 * spec 001 §2, §4, §5: the 24-hour schedule clock — a dial of 24 labelled hour marks and
 * half-hour dots with the slots as arcs. Tapping (or Enter/Space on) an arc selects it and opens
 * the centre controls; a Custom, editable schedule's on and off times change there (validated,
 * emitted when valid), and its slots are deleted, added and cleared.
 */
export function ScheduleClock({
  scheduleId,
  scheduleType,
  editable,
  slots,
  onChange,
  signal,
  colour: ownColour,
}: ScheduleClockProps) {
  const { t } = useTranslation();
  const [presentAlert] = useIonAlert();
  const canEdit = canEditSchedule(scheduleType, editable);
  const colour = canEdit ? SLOT_COLOURS.editable : (ownColour ?? SLOT_COLOURS.readOnly);
  // spec 001 §4: a Default schedule starts with no arc selected.
  const initialSelection = (arcs: Arc[]) =>
    scheduleType === 'DEFAULT' ? null : (arcs[0]?.id ?? null);

  const [source, setSource] = useState(() => slotsKey(slots));
  const [arcs, setArcs] = useState(() => toArcs(slots));
  const [selectedId, setSelectedId] = useState(() => initialSelection(toArcs(slots)));
  const [draft, setDraft] = useState<Draft | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const arcButtons = useRef(new Map<string, SVGGElement>());
  const newIds = useRef(0);

  // New slots from the page (a schedule loaded or saved) replace the clock's.
  const key = slotsKey(slots);
  if (key !== source) {
    const next = toArcs(slots);
    setSource(key);
    setArcs(next);
    if (!next.some((arc) => arc.id === selectedId)) {
      setSelectedId(initialSelection(next));
      setDraft(null);
    }
  }

  const selected = arcs.find((arc) => arc.id === selectedId) ?? null;

  const commit = (next: Arc[], nextSelected: string | null) => {
    const sorted = byStart(next);
    setArcs(sorted);
    setSelectedId(nextSelected);
    setDraft(null);
    onChange?.({
      scheduleId,
      slots: sorted.map((arc) => ({
        id: arc.id,
        arcStart: arc.start,
        arcEnd: arc.end,
        colour,
        active: arc.id === nextSelected,
      })),
    });
  };

  const newId = () => {
    let id: string;
    do id = `${scheduleId}-new-${++newIds.current}`;
    while (arcs.some((arc) => arc.id === id));
    return id;
  };

  const select = (id: string) => {
    if (id === selectedId) return;
    setSelectedId(id);
    setDraft(null);
  };

  const closeControls = () => {
    const focused = selectedId && arcButtons.current.get(selectedId);
    setSelectedId(null);
    setDraft(null);
    setPickerOpen(false);
    if (focused) focused.focus();
  };

  /** spec 001 §4, §5: a picked time is kept only when the slot stays valid. */
  const pickTime = (field: 'start' | 'end', time: string) => {
    if (!selected || !canEdit) return;
    const shown = draft ?? selected;
    const candidate = field === 'start' ? { ...shown, start: time } : { ...shown, end: time };
    const others = arcs.filter((arc) => arc.id !== selected.id);
    // Around midnight a slot runs to 23:59 and then from 00:00: an off time before the on time.
    const pieces =
      field === 'end' && candidate.start !== candidate.end
        ? splitAtMidnight(candidate)
        : [candidate];
    if (!pieces.every((piece) => isSlotValid(piece, others))) {
      setDraft({ start: candidate.start, end: candidate.end, invalid: true });
      return;
    }
    const [first = candidate, second] = pieces;
    const changed = [...others, { id: selected.id, start: first.start, end: first.end }];
    if (second) changed.push({ id: newId(), start: second.start, end: second.end });
    commit(changed, selected.id);
  };

  const deleteSelected = () => {
    if (!selected || !canEdit) return;
    commit(
      arcs.filter((arc) => arc.id !== selected.id),
      null,
    );
  };

  /** spec 001 §5: the new slot's place, or the no-space alert. */
  const addSlot = () => {
    const placed = newSlotPlacement(arcs);
    if (!placed) {
      void presentAlert({
        header: t('scheduleClock.noSpace.header'),
        message: t('scheduleClock.noSpace.message', { minutes: MIN_FREE_GAP_MINUTES }),
        buttons: [{ text: t('scheduleClock.noSpace.cancel'), role: 'cancel' }],
      });
      return;
    }
    const id = newId();
    commit([...arcs, { id, ...placed }], id);
  };

  const onSignal = useEffectEvent((received: ScheduleClockSignal) => {
    if (received.scheduleId !== scheduleId || !canEdit) return;
    if (received.kind === 'clear') commit([], null);
    else addSlot();
  });
  const handledNonce = useRef(signal?.nonce);
  useEffect(() => {
    if (!signal || signal.nonce === handledNonce.current) return;
    handledNonce.current = signal.nonce;
    onSignal(signal);
  }, [signal]);

  const onArcKey = (event: KeyboardEvent<SVGGElement>, id: string) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    select(id);
  };

  const highlighted = new Set(
    selected ? [nearestStep(startOf(selected)), nearestStep(slotMinutes(selected)?.end ?? 0)] : [],
  );
  const shown = draft ?? selected;

  return (
    <div
      className={`schedule-clock schedule-clock--${canEdit ? 'editable' : 'read-only'}`}
      role="group"
      aria-label={t('scheduleClock.label')}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && selected && !pickerOpen) {
          event.stopPropagation();
          closeControls();
        }
      }}
    >
      <svg
        className="schedule-clock__dial"
        width={DIAL.size}
        height={DIAL.size}
        viewBox={`0 0 ${DIAL.size} ${DIAL.size}`}
      >
        <g aria-hidden="true">
          <circle
            className="schedule-clock__face"
            cx={DIAL.centre}
            cy={DIAL.centre}
            r={DIAL.markOuter + 4}
          />
          <circle
            className="schedule-clock__track"
            cx={DIAL.centre}
            cy={DIAL.centre}
            r={DIAL.arc}
            strokeWidth={DIAL.arcWidth}
          />
          {STEP_MINUTES.map((minute) => {
            const at = dialPoint(minute, DIAL.dot);
            const lit = highlighted.has(minute);
            return (
              <circle
                key={minute}
                className={`schedule-clock__dot${lit ? ' schedule-clock__dot--highlighted' : ''}`}
                cx={at.x}
                cy={at.y}
                r={lit ? 3.5 : 1.8}
              />
            );
          })}
          {HOUR_MINUTES.map((minute) => {
            const inner = dialPoint(minute, DIAL.markInner);
            const outer = dialPoint(minute, DIAL.markOuter);
            const label = dialPoint(minute, DIAL.label);
            const lit = highlighted.has(minute) ? ' schedule-clock__mark--highlighted' : '';
            return (
              <g key={minute} className={`schedule-clock__mark${lit}`} data-minute={minute}>
                <line x1={inner.x} y1={inner.y} x2={outer.x} y2={outer.y} />
                <text x={label.x} y={label.y} textAnchor="middle" dominantBaseline="central">
                  {secondsToClockTime(minute * 60).slice(0, 2)}
                </text>
              </g>
            );
          })}
        </g>
        {arcs.map((arc) => {
          const span = slotMinutes(arc);
          if (!span) return null;
          const d = arcPath(span.start, span.end);
          // The outline reaches a little past both ends, so that it frames them too.
          const framed = arcPath(span.start - OUTLINE_MINUTES, span.end + OUTLINE_MINUTES);
          const active = arc.id === selectedId;
          return (
            <g
              key={arc.id}
              ref={(element) => {
                if (element) arcButtons.current.set(arc.id, element);
                else arcButtons.current.delete(arc.id);
              }}
              className={`schedule-clock__arc${active ? ' schedule-clock__arc--selected' : ''}`}
              role="button"
              tabIndex={0}
              aria-pressed={active}
              aria-label={t('scheduleClock.slot', { start: arc.start, end: arc.end })}
              data-start={arc.start}
              data-end={arc.end}
              onClick={() => select(arc.id)}
              onKeyDown={(event) => onArcKey(event, arc.id)}
            >
              <path
                className="schedule-clock__arc-outline"
                d={framed}
                strokeWidth={DIAL.arcWidth + 8}
              />
              <path
                className="schedule-clock__arc-line"
                d={d}
                stroke={colour}
                strokeWidth={DIAL.arcWidth}
              />
              <path className="schedule-clock__arc-hit" d={d} strokeWidth={DIAL.arcWidth + 16} />
            </g>
          );
        })}
      </svg>
      <div className="schedule-clock__centre">
        {selected && shown ? (
          <div
            className="schedule-clock__controls"
            role="group"
            aria-label={t('scheduleClock.title')}
          >
            <div className="schedule-clock__heading">
              <h3 className="schedule-clock__title">{t('scheduleClock.title')}</h3>
              <IonButton
                fill="clear"
                size="small"
                color="medium"
                className="schedule-clock__close"
                aria-label={t('scheduleClock.close')}
                title={t('scheduleClock.close')}
                onClick={closeControls}
              >
                <IonIcon slot="icon-only" icon={close} />
              </IonButton>
            </div>
            <div className="schedule-clock__fields">
              <ClockTimeField
                label={t('scheduleClock.on')}
                pickerLabel={t('scheduleClock.pickOn')}
                value={shown.start}
                invalid={draft?.invalid ?? false}
                readOnly={!canEdit}
                onPick={(time) => pickTime('start', time)}
                onPickerOpenChange={setPickerOpen}
              />
              <ClockTimeField
                label={t('scheduleClock.off')}
                pickerLabel={t('scheduleClock.pickOff')}
                value={shown.end}
                invalid={draft?.invalid ?? false}
                readOnly={!canEdit}
                onPick={(time) => pickTime('end', time)}
                onPickerOpenChange={setPickerOpen}
              />
            </div>
            {canEdit && (
              <IonButton
                size="small"
                fill="outline"
                color="danger"
                className="schedule-clock__delete"
                aria-label={t('scheduleClock.deleteSlot')}
                onClick={deleteSelected}
              >
                <IonIcon slot="start" icon={trashOutline} />
                {t('scheduleClock.delete')}
              </IonButton>
            )}
          </div>
        ) : (
          <p className="schedule-clock__hint">
            {canEdit ? t('scheduleClock.hint') : t('scheduleClock.readOnly')}
          </p>
        )}
      </div>
    </div>
  );
}
