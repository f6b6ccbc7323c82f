import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  DEFAULT_FILTER_STATE,
  filterErrors,
  filterStateFromParams,
  filterStateParams,
  parseSavedFilterState,
  quickRangeDates,
} from "./filter-state";
import { documentsLoadedText, pageWindow, PERIOD_OPTIONS, documentStatusLabel } from "./presentation";
import { edoDocumentsQueryOf } from "./documents-query";

describe("EDO filter state", () => {
  it("maps saved names to the API's URL names and back", () => {
    const state = {
      ...DEFAULT_FILTER_STATE,
      period: 20243,
      status: "ON_TRNACLPPRIN",
      shipperInn: "7701234567",
      vehicleNumber: "А 123 ВС 77",
      documentType: "ON_TRNACLGRPO",
      hasCargo: true,
      page: 3,
      limit: 50,
    };
    const params = filterStateParams(state);
    expect(Object.fromEntries(params)).toEqual({
      period: "20243",
      status: "ON_TRNACLPPRIN",
      goInn: "7701234567",
      transport: "А 123 ВС 77",
      docType: "ON_TRNACLGRPO",
      hasCargo: "true",
      page: "3",
      limit: "50",
    });
    expect(filterStateFromParams(params)).toEqual(state);
  });

  it("leaves the defaults out of the URL", () => {
    expect(filterStateParams(DEFAULT_FILTER_STATE).toString()).toBe("");
  });

  it("reads what localStorage held, ignoring what it cannot", () => {
    expect(parseSavedFilterState(null)).toBeNull();
    expect(parseSavedFilterState("not json")).toBeNull();
    expect(parseSavedFilterState("[1]")).toBeNull();
    const saved = parseSavedFilterState(
      JSON.stringify({
        period: 12345,
        category: "PTL",
        expired: "yes",
        limit: 37,
        page: -2,
        driverName: "Иванов",
      }),
    );
    expect(saved).toEqual({ ...DEFAULT_FILTER_STATE, category: "PTL", driverName: "Иванов" });
  });

  it("counts the filters that are not at their default", () => {
    expect(activeFilterCount(DEFAULT_FILTER_STATE)).toBe(0);
    expect(activeFilterCount({ ...DEFAULT_FILTER_STATE, search: "  ", page: 4, limit: 100 })).toBe(0);
    expect(
      activeFilterCount({ ...DEFAULT_FILTER_STATE, search: "ромашка", deleted: true, category: "XR" }),
    ).toBe(3);
  });

  it("refuses INNs of the wrong length and dates out of order", () => {
    expect(
      filterErrors({
        ...DEFAULT_FILTER_STATE,
        carrierInn: "12345",
        dateFrom: "2025-05-02",
        dateTo: "2025-05-01",
      }),
    ).toEqual({ carrierInn: "ИНН — 10 или 12 цифр", dateFrom: "Дата «с» не может быть позже даты «по»" });
    expect(filterErrors({ ...DEFAULT_FILTER_STATE, shipperInn: "770123456789" })).toEqual({});
  });

  it("gives quick ranges in Moscow days", () => {
    // 2025-03-01 22:30 UTC is already March 2 in Moscow.
    const now = Date.parse("2025-03-01T22:30:00Z");
    expect(quickRangeDates("today", now)).toEqual({ dateFrom: "2025-03-02", dateTo: "2025-03-02" });
    expect(quickRangeDates("week", now)).toEqual({ dateFrom: "2025-02-24", dateTo: "2025-03-02" });
    expect(quickRangeDates("month30", now)).toEqual({ dateFrom: "2025-02-01", dateTo: "2025-03-02" });
    expect(quickRangeDates("thisMonth", now)).toEqual({ dateFrom: "2025-03-01", dateTo: "2025-03-02" });
    expect(quickRangeDates("lastMonth", now)).toEqual({ dateFrom: "2025-02-01", dateTo: "2025-02-28" });
    expect(quickRangeDates("lastMonth", Date.parse("2025-01-15T12:00:00Z"))).toEqual({
      dateFrom: "2024-12-01",
      dateTo: "2024-12-31",
    });
  });
});

describe("EDO documents query of the page URL", () => {
  it("reads the page into the offset and keeps the filters", () => {
    const { query, page } = edoDocumentsQueryOf(
      new URLSearchParams("page=3&limit=50&status=ON_TRNACLGROT&goInn=7701234567&hasRoute=true"),
    );
    expect(page).toBe(3);
    expect(query).toMatchObject({
      limit: 50,
      offset: 100,
      status: "ON_TRNACLGROT",
      goInn: "7701234567",
      hasRoute: true,
      category: "ETRN",
      expired: false,
      deleted: false,
    });
  });

  it("ignores values it cannot read", () => {
    const { query, page } = edoDocumentsQueryOf(
      new URLSearchParams(
        "page=zero&limit=37&period=19991&goInn=12&category=NOPE&expired=maybe&dateFrom=2025-05-02&dateTo=2025-05-01&search=ромашка",
      ),
    );
    expect(page).toBe(1);
    expect(query).toMatchObject({ limit: 20, offset: 0, period: 0, category: "ETRN", expired: false });
    expect(query.goInn).toBeUndefined();
    expect(query.dateFrom).toBeUndefined();
    expect(query.dateTo).toBe("2025-05-01");
    expect(query.search).toBe("ромашка");
  });
});

describe("EDO presentation", () => {
  it("shows at most five page numbers around the current page", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
  });

  it("lists the periods newest first", () => {
    expect(PERIOD_OPTIONS.slice(0, 3).map((option) => option.label)).toEqual([
      "Все периоды",
      "IV квартал 2025",
      "III квартал 2025",
    ]);
    expect(PERIOD_OPTIONS.at(-1)).toEqual({ value: "20231", label: "I квартал 2023" });
  });

  it("names status codes and counts loaded documents", () => {
    expect(documentStatusLabel("ON_TRNACLGRPO")).toBe("Груз принят");
    expect(documentStatusLabel("SOMETHING")).toBe("Неизвестный статус");
    expect(documentStatusLabel("toString")).toBe("Неизвестный статус");
    expect([1, 3, 25].map(documentsLoadedText)).toEqual([
      "Загружен 1 документ",
      "Загружено 3 документа",
      "Загружено 25 документов",
    ]);
  });
});
