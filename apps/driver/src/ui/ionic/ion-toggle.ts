import type { Components } from '@ionic/core/components';
import type { IonToggleEvents } from '@ionic/react';
import {
  IonToggle as IonToggleElement,
  defineCustomElement as defineToggle,
} from '@ionic/core/components/ion-toggle.js';
import { wrapElement } from './wrap-element.ts';

export const IonToggle = /*@__PURE__*/ wrapElement<
  IonToggleElement,
  IonToggleEvents,
  Components.IonToggle
>('ion-toggle', IonToggleElement, defineToggle, {
  onIonChange: 'ionChange',
  onIonFocus: 'ionFocus',
  onIonBlur: 'ionBlur',
});
