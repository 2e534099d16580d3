import type { Components } from '@ionic/core/components';
import type { IonSearchbarEvents } from '@ionic/react';
import {
  IonSearchbar as IonSearchbarElement,
  defineCustomElement as defineSearchbar,
} from '@ionic/core/components/ion-searchbar.js';
import { wrapElement } from './wrap-element.ts';

export const IonSearchbar = /*@__PURE__*/ wrapElement<
  IonSearchbarElement,
  IonSearchbarEvents,
  Components.IonSearchbar
>('ion-searchbar', IonSearchbarElement, defineSearchbar, {
  onIonInput: 'ionInput',
  onIonChange: 'ionChange',
  onIonCancel: 'ionCancel',
  onIonClear: 'ionClear',
  onIonBlur: 'ionBlur',
  onIonFocus: 'ionFocus',
});
