export interface TransactionTitleInput {
  chargerName: string;
  /** The charger's town; left out for a home charger, whose owner knows where it is. */
  city: string;
  barcode: string;
  home: boolean;
}

/**
 * spec 001 §3 transaction data `title`: what a driver calls the place they charged, in no
 * language of ours — the charger's name and town ("Town Hall car park, Cardiff"), the charger's
 * own name at home ("Driveway"), its barcode when it has no name.
 */
export function transactionTitle({ chargerName, city, barcode, home }: TransactionTitleInput) {
  const name = chargerName.trim() || barcode.trim();
  const town = home ? '' : city.trim();
  if (!town || name.toLowerCase().includes(town.toLowerCase())) return name;
  return name ? `${name}, ${town}` : town;
}
