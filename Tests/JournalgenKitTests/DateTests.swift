import Foundation
import Testing
@testable import JournalgenKit

@Suite struct DateTests {
    let berlin = TimeZone(identifier: "Europe/Berlin")!

    @Test func explicitOffsetIsKept() throws {
        let d = try EntryDate.parse("2026-04-03T18:20:00+09:00", zone: berlin)
        #expect(d.utcOffset == 9 * 3600)
        #expect(d.hour == 18)
        #expect(d.rfc3339 == "2026-04-03T18:20:00+09:00")
        #expect(d.instant == 1_775_208_000)
    }

    @Test func noOffsetUsesTheJournalZoneWithDST() throws {
        let winter = try EntryDate.parse("2026-01-10 09:00", zone: berlin)
        #expect(winter.utcOffset == 3600)
        let summer = try EntryDate.parse("2026-07-10T09:00:00", zone: berlin)
        #expect(summer.utcOffset == 7200)
        #expect(summer.rfc3339 == "2026-07-10T09:00:00+02:00")
    }

    @Test func aDayIsWrittenAsTheISODateWithZeros() {
        #expect(CalendarDay(year: 2026, month: 4, day: 3).description == "2026-04-03")
        #expect(CalendarDay(year: 1999, month: 12, day: 31).description == "1999-12-31")
        #expect(CalendarDay(year: 987, month: 1, day: 9).description == "0987-01-09")
        #expect(CalendarDay(year: 0, month: 10, day: 10).description == "0000-10-10")
        // Outside four digits: as wide as the year needs.
        #expect(CalendarDay(year: 12026, month: 4, day: 3).description == "12026-04-03")
    }

    /// The times are written byte by byte: every part and every offset form, as interpolation
    /// wrote them before.
    @Test func rfc3339WritesEveryPartPadded() throws {
        #expect(try EntryDate.parse("2026-04-03T07:05:09Z", zone: berlin).rfc3339 == "2026-04-03T07:05:09Z")
        #expect(try EntryDate.parse("0987-01-09T00:00:00-05:45", zone: berlin).rfc3339 == "0987-01-09T00:00:00-05:45")
        #expect(try EntryDate.parse("2026-12-31T23:59:59+0530", zone: berlin).rfc3339 == "2026-12-31T23:59:59+05:30")
        var odd = try EntryDate.parse("2026-04-03", zone: berlin)
        (odd.hour, odd.utcOffset) = (123, -36_000)
        #expect(odd.rfc3339 == "2026-04-03T123:00:00-10:00")
        #expect(pad(7, 2) == "07" && pad(42, 2) == "42" && pad(123, 2) == "123" && pad(0, 1) == "0")
        #expect(pad(987, 4) == "0987" && pad(12026, 4) == "12026" && pad(-5, 2) == "-5" && pad(3, 6) == "000003")
        #expect(SVGText.number(1234.56) == "1234.6" && SVGText.number(-0.04) == "0" && SVGText.number(-12.3) == "-12.3" && SVGText.number(3) == "3")
        #expect(SVGText.number(0.96) == "1" && SVGText.number(-0.06) == "-0.1" && SVGText.number(-1e15) == "-1000000000000000" && SVGText.number(10.05) == "10.1")
    }

    @Test func dateOnly() throws {
        let d = try EntryDate.parse("2026-04-03", zone: berlin)
        #expect(!d.hasTime)
        #expect(d.day == CalendarDay(year: 2026, month: 4, day: 3))
    }

    @Test func zuluAndCompactOffsets() throws {
        #expect(try EntryDate.parse("2026-04-03T10:00:00Z", zone: berlin).utcOffset == 0)
        #expect(try EntryDate.parse("2026-04-03T10:00+0530", zone: berlin).utcOffset == 19800)
        #expect(try EntryDate.parse("2026-04-03T10:00:00-05:45", zone: berlin).utcOffset == -20700)
    }

    @Test(arguments: ["2026-02-30", "2026-13-01", "yesterday", "2026-04-03T25:00", "2026-04-03T10:00+99:00", "2026/04/03"])
    func invalidDatesAreRejected(_ text: String) {
        #expect(throws: EntryDate.ParseError.self) { try EntryDate.parse(text, zone: berlin) }
    }

    @Test func calendarArithmetic() {
        let day = CalendarDay(year: 2026, month: 1, day: 31)
        #expect(day.adding(months: 1) == CalendarDay(year: 2026, month: 2, day: 28))
        #expect(CalendarDay(year: 2024, month: 1, day: 31).adding(months: 1) == CalendarDay(year: 2024, month: 2, day: 29))
        #expect(day.adding(days: 1) == CalendarDay(year: 2026, month: 2, day: 1))
        #expect(CalendarDay(daysSinceEpoch: day.daysSinceEpoch) == day)
        #expect(CalendarDay(year: 2026, month: 4, day: 3).weekday == 5)  // a Friday
        #expect(DateText.full(CalendarDay(year: 2026, month: 4, day: 3)) == "Friday, 3 April 2026")
    }

    @Test func todayInAZone() {
        // 2026-11-22 23:30 UTC is already the 23rd in Tokyo.
        let now = Date(timeIntervalSince1970: 1_795_390_200)
        #expect(TimeZone(identifier: "UTC")!.today(at: now) == CalendarDay(year: 2026, month: 11, day: 22))
        #expect(TimeZone(identifier: "Asia/Tokyo")!.today(at: now) == CalendarDay(year: 2026, month: 11, day: 23))
    }

    /// The table gives what the zone gives, at every transition, a second either side, and at
    /// instants spread over two centuries and beyond its ends (where it asks the zone).
    @Test(arguments: ["Europe/Berlin", "America/Sao_Paulo", "Asia/Kolkata", "Pacific/Apia", "Australia/Lord_Howe",
                      "Europe/Moscow", "America/St_Johns", "Asia/Kathmandu", "UTC"])
    func zoneOffsetsMatchTheZone(_ name: String) {
        let zone = TimeZone(identifier: name)!, table = ZoneOffsets(zone)
        var instants: [Int] = []
        var after = Date(timeIntervalSince1970: -2_300_000_000)
        while let next = zone.nextDaylightSavingTimeTransition(after: after), next.timeIntervalSince1970 < 4_200_000_000 {
            let t = Int(next.timeIntervalSince1970)
            instants += [t - 1, t, t + 1]
            after = next
        }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<3000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            instants.append(-2_400_000_000 + Int(state >> 33) % 6_700_000_000)
        }
        for t in instants {
            #expect(table.offset(atInstant: t) == zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(t))), "\(name) at \(t)")
        }
        // Local times in a gap and an overlap read as the zone reads them.
        for text in ["2026-03-29 02:30", "2026-10-25 02:30", "2011-12-30 12:00", "1986-01-01 00:00", "2026-04-03 18:20"] {
            #expect((try? EntryDate.parse(text, zone: table)) == (try? EntryDate.parse(text, zone: zone)), "\(name) \(text)")
        }
    }

    @Test func revisitIntervals() {
        #expect(RevisitInterval.parse("3 weeks")?.after(CalendarDay(year: 2026, month: 4, day: 1)) == CalendarDay(year: 2026, month: 4, day: 22))
        #expect(RevisitInterval.parse("1 month")?.unit == .month)
        #expect(RevisitInterval.parse("2 fortnights") == nil)
        #expect(RevisitInterval.parse("soon") == nil)
    }
}
