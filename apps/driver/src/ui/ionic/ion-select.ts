import type { Components } from '@ionic/core/components';
import type { IonSelectEvents } from '@ionic/react';
import {
  IonSelect as IonSelectElement,
  defineCustomElement as defineSelect,
} from '@ionic/core/components/ion-select.js';
import {
  IonSelectOption as IonSelectOptionElement,
  defineCustomElement as defineSelectOption,
} from '@ionic/core/components/ion-select-option.js';
import { wrapElement } from './wrap-element.ts';

export const IonSelect = /*@__PURE__*/ wrapElement<
  IonSelectElement,
  IonSelectEvents,
  Components.IonSelect
>('ion-select', IonSelectElement, defineSelect, {
  onIonChange: 'ionChange',
  onIonCancel: 'ionCancel',
  onIonDismiss: 'ionDismiss',
  onIonFocus: 'ionFocus',
  onIonBlur: 'ionBlur',
});

export const IonSelectOption = /*@__PURE__*/ wrapElement<
  IonSelectOptionElement,
  Record<never, string>,
  Components.IonSelectOption
>('ion-select-option', IonSelectOptionElement, defineSelectOption, {});
