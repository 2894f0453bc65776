import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readAvailNotif } from './ota-avail-notif.ts';
import { readInvCountNotif } from './ota-count-notif.ts';
import { readRateAmountNotif } from './ota-rate-notif.ts';
import { hotelConfirmationIn } from './ota-reservation.ts';
import { minorAmount } from './ota-values.ts';
import { notifAnswer, readXml } from './ota-xml.ts';

const root = (xml: string) => {
  const read = readXml(xml);
  assert.ok(read.ok, read.ok ? '' : read.error);
  return read.root;
};

describe('OpenTravel notifications as read', () => {
  it('reads restrictions, stay lengths and a booking limit, on the weekdays flagged', () => {
    const read = readAvailNotif(
      root(`<OTA_HotelAvailNotifRQ xmlns="http://www.opentravel.org/OTA/2003/05"><AvailStatusMessages HotelCode="H1">
        <AvailStatusMessage BookingLimit="4">
          <StatusApplicationControl Start="2027-01-04" End="2027-01-10" InvTypeCode="DBL" Sat="1" Sun="true" Mon="0"/>
          <LengthsOfStay><LengthOfStay MinMaxMessageType="SetMinLOS" Time="2" TimeUnit="Day"/><LengthOfStay MinMaxMessageType="SetMaxLOS" Time="0"/></LengthsOfStay>
          <RestrictionStatus Status="Close" Restriction="Departure"/>
        </AvailStatusMessage></AvailStatusMessages></OTA_HotelAvailNotifRQ>`),
    );
    assert.deepEqual(read.errors, []);
    const [u] = read.updates;
    assert.equal(u?.hotelCode, 'H1');
    assert.equal(u?.roomCode, 'DBL');
    assert.equal(u?.planCode, null);
    assert.deepEqual([...(u?.weekdays ?? [])].sort(), [6, 7]);
    assert.equal(u?.available, 4);
    assert.equal(u?.minStay, 2);
    assert.equal(u?.maxStay, null);
    assert.equal(u?.closedToDeparture, true);
    assert.equal(u?.closed, undefined);
  });

  it('names each element in error, and what it does not implement', () => {
    const read = readAvailNotif(
      root(`<OTA_HotelAvailNotifRQ><AvailStatusMessages HotelCode="H1">
        <AvailStatusMessage><StatusApplicationControl Start="2027-02-30" End="2027-01-10" Fri="maybe"/></AvailStatusMessage>
        <AvailStatusMessage><StatusApplicationControl Start="2027-01-01" End="2027-01-02"/>
          <LengthsOfStay><LengthOfStay MinMaxMessageType="SetForwardMinStay" Time="2"/></LengthsOfStay>
          <RestrictionStatus Status="Closed"/></AvailStatusMessage>
      </AvailStatusMessages></OTA_HotelAvailNotifRQ>`),
    );
    assert.deepEqual(
      read.errors.map((e) => [e.code, e.tag.replace('/OTA_HotelAvailNotifRQ/AvailStatusMessages/', '')]),
      [
        [136, 'AvailStatusMessage[1]/StatusApplicationControl/@Start'],
        [320, 'AvailStatusMessage[1]/StatusApplicationControl/@Fri'],
        [320, 'AvailStatusMessage[2]/LengthsOfStay/LengthOfStay[1]/@MinMaxMessageType'],
        [320, 'AvailStatusMessage[2]/RestrictionStatus/@Status'],
      ],
    );
    assert.equal(readAvailNotif(root('<OTA_HotelAvailNotifRQ/>')).errors[0]?.code, 321);
  });

  it('reads rates by guests and for guests beyond them, with a Rate’s own dates', () => {
    const read = readRateAmountNotif(
      root(`<OTA_HotelRateAmountNotifRQ><RateAmountMessages HotelCode="H1"><RateAmountMessage>
        <StatusApplicationControl Start="2027-01-01" End="2027-01-31" InvTypeCode="DBL" RatePlanCode="BAR"/>
        <Rates><Rate Start="2027-01-05" End="2027-01-06"><BaseByGuestAmts>
          <BaseByGuestAmt AmountBeforeTax="10000" DecimalPlaces="2" CurrencyCode="EUR" NumberOfGuests="2"/>
        </BaseByGuestAmts><AdditionalGuestAmounts><AdditionalGuestAmount AgeQualifyingCode="10" Amount="20"/><AdditionalGuestAmount AgeQualifyingCode="8" MaxAge="11" AmountAfterTax="0"/><AdditionalGuestAmount AgeQualifyingCode="7" Amount="5"/></AdditionalGuestAmounts></Rate></Rates>
      </RateAmountMessage></RateAmountMessages></OTA_HotelRateAmountNotifRQ>`),
    );
    assert.deepEqual(
      read.errors.map((e) => e.tag.split('/').slice(-2).join('/')),
      ['AdditionalGuestAmount[3]/@AgeQualifyingCode'],
    );
    assert.deepEqual(
      read.updates[0]?.amounts.map((a) => [a.kind, a.maxAge, a.afterTax]),
      [
        ['base', null, null],
        ['adult', null, '20'],
        ['child', 11, '0'],
        ['adult', null, '5'],
      ],
    );
    assert.equal(read.updates[0]?.start, '2027-01-05');
    assert.equal(read.updates[0]?.end, '2027-01-06');
    assert.deepEqual(read.updates[0]?.amounts[0]?.guests, 2);
    const missing = readRateAmountNotif(
      root(`<OTA_HotelRateAmountNotifRQ><RateAmountMessages HotelCode="H1"><RateAmountMessage>
        <StatusApplicationControl Start="2027-01-01" End="2027-01-31" InvTypeCode="DBL"/>
        <Rates><Rate><BaseByGuestAmts><BaseByGuestAmt CurrencyCode="EUR"/></BaseByGuestAmts></Rate></Rates>
      </RateAmountMessage></RateAmountMessages></OTA_HotelRateAmountNotifRQ>`),
    );
    assert.deepEqual(
      missing.errors.map((e) => e.tag.split('/').pop()),
      ['@RatePlanCode', '@AmountAfterTax'],
    );
    const narrowed = readRateAmountNotif(
      root(`<OTA_HotelRateAmountNotifRQ><RateAmountMessages HotelCode="H1"><RateAmountMessage>
        <StatusApplicationControl Start="2027-01-01" End="2027-01-31" InvTypeCode="DBL" RatePlanCode="BAR"/>
        <Rates><Rate Start="2027-01-05" End="2027-01-02"><BaseByGuestAmts><BaseByGuestAmt AmountAfterTax="90"/></BaseByGuestAmts></Rate></Rates>
      </RateAmountMessage></RateAmountMessages></OTA_HotelRateAmountNotifRQ>`),
    );
    assert.deepEqual(
      narrowed.errors.map((e) => [e.code, e.tag]),
      [[404, '/OTA_HotelRateAmountNotifRQ/RateAmountMessages/RateAmountMessage[1]/Rates/Rate[1]/@End']],
    );
    assert.deepEqual(narrowed.updates, [], 'a Rate in error is not read as the whole message');
    const onRate = readRateAmountNotif(
      root(`<OTA_HotelRateAmountNotifRQ><RateAmountMessages HotelCode="H1"><RateAmountMessage>
        <StatusApplicationControl Start="2027-01-01" End="2027-01-31" InvCode="DBL" RatePlanCode="BAR"/>
        <Rates><Rate CurrencyCode="USD"><BaseByGuestAmts><BaseByGuestAmt AmountAfterTax="90"/></BaseByGuestAmts></Rate></Rates>
      </RateAmountMessage></RateAmountMessages></OTA_HotelRateAmountNotifRQ>`),
    );
    assert.equal(onRate.updates[0]?.amounts[0]?.currency, 'USD', 'the currency given once on the Rate');
    assert.equal(onRate.updates[0]?.roomCode, 'DBL', 'a room type named by InvCode');
  });

  it('reads counts of either type, and refuses others', () => {
    const read = readInvCountNotif(
      root(`<OTA_HotelInvCountNotifRQ><Inventories HotelCode="H1">
        <Inventory><StatusApplicationControl Start="2027-01-01" End="2027-01-02" InvTypeCode="DBL"/><InvCounts><InvCount CountType="1" Count="7"/></InvCounts></Inventory>
        <Inventory><StatusApplicationControl Start="2027-01-01" End="2027-01-02" InvTypeCode="DBL"/><InvCounts><InvCount CountType="4" Count="7"/></InvCounts></Inventory>
        <Inventory><StatusApplicationControl Start="2027-01-01" End="2027-01-02"/><InvCounts><InvCount Count="-1"/></InvCounts></Inventory>
      </Inventories></OTA_HotelInvCountNotifRQ>`),
    );
    assert.deepEqual(
      read.updates.map((u) => [u.countType, u.count]),
      [[1, 7]],
    );
    assert.deepEqual(
      read.errors.map((e) => e.tag.replace('/OTA_HotelInvCountNotifRQ/Inventories/', '')),
      [
        'Inventory[2]/InvCounts/InvCount/@CountType',
        'Inventory[3]/StatusApplicationControl/@InvTypeCode',
        'Inventory[3]/InvCounts/InvCount/@Count',
      ],
    );
  });

  it('turns amounts into minor units of the currency, exactly or not at all', () => {
    assert.equal(minorAmount('123.45', 'EUR', null), 12_345);
    assert.equal(minorAmount('12345', 'EUR', 2), 12_345);
    assert.equal(minorAmount('15000', 'JPY', null), 15_000);
    assert.equal(minorAmount('15000', 'JPY', 2), 150);
    assert.equal(minorAmount('15050', 'JPY', 2), undefined);
    assert.equal(minorAmount('1.234', 'EUR', null), undefined);
    assert.equal(minorAmount('35.600', 'KWD', null), 35_600);
  });

  it('answers Success, warnings, or errors with their element, echoing the token', () => {
    const ok = notifAnswer('OTA_HotelAvailNotifRS', 'tok-1', new Date('2027-01-01T00:00:00Z'), {
      errors: [],
      warnings: [],
    });
    assert.match(
      ok,
      /<OTA_HotelAvailNotifRS xmlns="http:\/\/www.opentravel.org\/OTA\/2003\/05" EchoToken="tok-1"/,
    );
    assert.match(ok, /<Success\s*\/>|<Success><\/Success>/);
    const bad = notifAnswer('OTA_HotelAvailNotifRS', undefined, new Date(), {
      errors: [{ type: 3, code: 392, text: 'Hotel "X" & co <unknown>', tag: '/a/@HotelCode' }],
      warnings: [],
    });
    assert.doesNotMatch(bad, /Success/);
    const reread = readXml(bad);
    assert.ok(reread.ok);
    assert.equal(((reread.root.Errors as any).Error as any)['@Code'], '392');
    assert.ok(!bad.includes('<unknown>'), 'text is escaped');
  });

  it('finds the hotel’s confirmation number in a channel manager’s answer, and nothing else', () => {
    const ids = (attrs: string) =>
      `<ns:OTA_HotelResNotifRS xmlns:ns="x"><ns:Success/><ns:HotelReservationIDs>${attrs}</ns:HotelReservationIDs></ns:OTA_HotelResNotifRS>`;
    assert.equal(
      hotelConfirmationIn(
        ids(
          '<ns:HotelReservationID ResID_Type="14" ResID_Value="A"/><ns:HotelReservationID ResID_Value="B-7" ResID_Type="10"/>',
        ),
      ),
      'B-7',
    );
    assert.equal(hotelConfirmationIn(ids('<ns:HotelReservationID ResID_Type="14" ResID_Value="A"/>')), null);
    assert.equal(
      hotelConfirmationIn(ids(`<ns:HotelReservationID ResID_Type="10" ResID_Value="${'x'.repeat(65)}"/>`)),
      null,
    );
    assert.equal(hotelConfirmationIn('<OTA_HotelResNotifRS><Success/></OTA_HotelResNotifRS>'), null);
  });
});
