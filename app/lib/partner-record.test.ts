import { describe, expect, it } from "vitest";
import { parseLandingQuery } from "./landing-query";
import {
  partnerRecordOf,
  PARTNER_RECORD_TTL_MS,
  readPartnerRecord,
  storePartnerRecordScript,
} from "./partner-record";

const now = Date.UTC(2026, 10, 23, 12);
const record = partnerRecordOf(
  parseLandingQuery(new URLSearchParams("partner=metro&discount=25&campaign=x&plan=basic")),
)!;

describe("the landing partner record (spec 1 §3, §9)", () => {
  it("holds partnerId, partnerName, discountPercent, campaignId and selectedPlan", () => {
    expect(record).toEqual({
      partnerId: "metro",
      partnerName: "METRO",
      discountPercent: 25,
      campaignId: "x",
      selectedPlan: "basic",
    });
    expect(partnerRecordOf(parseLandingQuery(new URLSearchParams("partner=nope")))).toBeNull();
  });

  it("is read back for 24 hours, then forgotten", () => {
    const stored = JSON.stringify({ ...record, timestamp: now - PARTNER_RECORD_TTL_MS + 1000 });
    expect(readPartnerRecord(stored, now)).toEqual({
      ...record,
      timestamp: now - PARTNER_RECORD_TTL_MS + 1000,
    });
    expect(
      readPartnerRecord(JSON.stringify({ ...record, timestamp: now - PARTNER_RECORD_TTL_MS }), now),
    ).toBeNull();
  });

  it("never shows what the partner table does not allow", () => {
    const edited = JSON.stringify({ ...record, partnerName: "Кто-то", discountPercent: 99, timestamp: now });
    expect(readPartnerRecord(edited, now)).toMatchObject({ partnerName: "METRO", discountPercent: 50 });
    expect(
      readPartnerRecord(JSON.stringify({ ...record, partnerId: "evil", timestamp: now }), now),
    ).toBeNull();
    expect(readPartnerRecord("{not json", now)).toBeNull();
    expect(readPartnerRecord(null, now)).toBeNull();
  });

  it("is stored by a script that cannot close its own tag", () => {
    const script = storePartnerRecordScript({ ...record, campaignId: "</script><script>alert(1)" });
    expect(script).not.toContain("</script>");
  });
});
