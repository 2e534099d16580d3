import { useTranslation } from 'react-i18next';
import { useCarTypes } from './api/get-car-types.ts';
import { useFormatLocale } from '../../lib/dates.ts';

/** spec 000 §2, §3: the driver's car, chosen by its picture; "no car" is a choice too. */
export function CarChoice({
  value,
  onChange,
  labelledBy,
}: {
  value: string | null;
  onChange: (carId: string | null) => void;
  labelledBy: string;
}) {
  const { t } = useTranslation();
  const locale = useFormatLocale();
  const cars = useCarTypes();
  const efficiency = (milesPerKwh: number) =>
    t('settings.car.efficiency', {
      value: new Intl.NumberFormat(locale).format(milesPerKwh),
    });
  if (cars.isPending) return <p className="form-note">{t('common.loading')}</p>;
  const option = (
    id: string | null,
    label: string,
    detail: string | null,
    image: string | null,
  ) => {
    const checked = value === id;
    return (
      <label
        key={id ?? 'none'}
        className={checked ? 'car-option car-option--checked' : 'car-option'}
      >
        <input
          type="radio"
          name="car_type"
          value={id ?? ''}
          checked={checked}
          onChange={() => onChange(id)}
        />
        {image ? (
          <img className="car-option__image" src={image} alt="" />
        ) : (
          <span className="car-option__image car-option__image--none" aria-hidden="true" />
        )}
        <span className="car-option__name">{label}</span>
        {detail && <span className="car-option__detail">{detail}</span>}
      </label>
    );
  };
  return (
    <div className="car-options" role="radiogroup" aria-labelledby={labelledBy}>
      {(cars.data ?? []).map((car) =>
        option(car._id, `${car.make} ${car.model}`, efficiency(car.milesPerKwh), car.image),
      )}
      {option(null, t('editUser.noCar'), null, null)}
    </div>
  );
}
