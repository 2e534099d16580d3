import Supercluster from 'supercluster';
import { describe, expect, it, vi } from 'vitest';
import { buildClusterIndex, clustersIn, updateAvailability } from './cluster-index.ts';

// Three chargers in Leeds a few hundred metres apart, one in York, one without coordinates.
const lons = [-1.5491, -1.5475, -1.5452, -1.0803, Number.NaN];
const lats = [53.7997, 53.7955, 53.7969, 53.9583, Number.NaN];
const everyone = [0, 1, 2, 3, 4];
const uk: [number, number, number, number] = [-8, 49.5, 2, 59];

describe('clustering the chargers for the map', () => {
  it('groups nearby chargers at a county zoom and says which zoom splits the group', () => {
    const found = clustersIn(buildClusterIndex(lons, lats, everyone), uk, 10);
    const leeds = found.find((entry) => entry.kind === 'cluster');
    expect(leeds).toMatchObject({ kind: 'cluster', count: 3 });
    expect(leeds?.kind === 'cluster' && leeds.expansionZoom).toBeGreaterThan(10);
    expect(found.find((entry) => entry.kind === 'charger')).toMatchObject({
      position: 3,
      lon: expect.closeTo(-1.0803, 6) as number,
      lat: expect.closeTo(53.9583, 6) as number,
    });
  });

  it('shows every charger on its own at street zoom, leaving out those without coordinates', () => {
    const found = clustersIn(buildClusterIndex(lons, lats, everyone), uk, 17);
    expect(found.map((entry) => (entry.kind === 'charger' ? entry.position : -1)).sort()).toEqual([
      0, 1, 2, 3,
    ]);
  });

  it('indexes only the chargers a search kept', () => {
    const found = clustersIn(buildClusterIndex(lons, lats, [1, 3]), uk, 10);
    expect(found.map((entry) => (entry.kind === 'charger' ? entry.position : -1)).sort()).toEqual([
      1, 3,
    ]);
  });

  it('counts in each cluster the chargers with a connector free now (issue 19)', () => {
    // Of the three in Leeds, the first and the third have a free connector; York has none.
    const available = [1, 0, 1, 0, 0];
    const found = clustersIn(buildClusterIndex(lons, lats, everyone, available), uk, 10);
    expect(found.find((entry) => entry.kind === 'cluster')).toMatchObject({
      count: 3,
      available: 2,
    });
  });

  it('counts a pushed status in its clusters again without indexing the chargers again', () => {
    const loads = vi.spyOn(Supercluster.prototype, 'load');
    const index = buildClusterIndex(lons, lats, everyone, [1, 0, 1, 0, 0]);
    const leeds = () => clustersIn(index, uk, 10).find((entry) => entry.kind === 'cluster');

    // The second Leeds charger frees a connector, the first is taken, York frees one.
    updateAvailability(index, [1, 0, 3], [1, 0, 1]);
    expect(leeds()).toMatchObject({ count: 3, available: 2 });
    updateAvailability(index, [0], [1]);
    expect(leeds()).toMatchObject({ count: 3, available: 3 });
    // Nested clusters follow too: at a national zoom Leeds and York are one group of four.
    expect(clustersIn(index, uk, 5)).toMatchObject([{ kind: 'cluster', count: 4, available: 4 }]);
    // A repeated status, and one for a charger off the map, change nothing.
    updateAvailability(index, [2, 4], [1, 1]);
    expect(clustersIn(index, uk, 5)).toMatchObject([{ count: 4, available: 4 }]);
    expect(loads).toHaveBeenCalledTimes(1);
  });
});
