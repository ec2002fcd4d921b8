/**
 * A site-resampled confidence interval: sites drawn with replacement, so pages of one site move
 * together (the corpora's pages are not independent within a site).
 */
/** 95% interval of the mean page delta, resampling sites with replacement (1000 draws, fixed seed). */
export function siteInterval(pages: { site: string; delta: number }[]): [number, number] {
  const bySite = new Map<string, number[]>();
  for (const p of pages) bySite.set(p.site, [...(bySite.get(p.site) ?? []), p.delta]);
  const sites = [...bySite.values()];
  let seed = 12345;
  const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const means: number[] = [];
  for (let draw = 0; draw < 1000; draw++) {
    let sum = 0;
    let n = 0;
    for (let i = 0; i < sites.length; i++) {
      const site = sites[Math.floor(random() * sites.length)]!;
      for (const d of site) sum += d;
      n += site.length;
    }
    means.push(sum / n);
  }
  means.sort((a, b) => a - b);
  return [means[25]!, means[974]!];
}
