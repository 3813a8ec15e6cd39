:- encoding(utf8).
:- module(lang_ru, []).

/** <module> Русский: подписи и шаблоны фраз для шагов и событий

Data of lang/lang.pl (its PlDoc gives the template syntax): `step(ru, Step, Label, Templates)`,
`event(ru, Kind, Label, Templates)`. The words for atoms, the words around `why`'s sentences
and the refusal templates are the pack's other half, lang/ru_words.pl.
*/

:- multifile lang:step/4, lang:event/4.

% --- бросок кубика (rules/dice.pl) ------------------------------------------------------------------

lang:step(ru, die_roll, "бросок кубика",
          [ when([thrown = false], "{roller|card} не бросает кубик: бросок равен {result.unmodified} без модификаторов, {result.value} с модификаторами"),
            "{roller|card} бросает кубик: {result.unmodified} без модификаторов, {result.value} с модификаторами" ]).
lang:step(ru, die_rolled, "выпало на кубике", ["на кубике выпало {roll}"]).
lang:step(ru, rerolled, "переброс",
          [ when([said = read], "переброс: {before} не учитывается, на кубике {result}; что значение до переброса не учитывается, текст прямо не говорит (только что переброс — не модификатор) — так его читает движок"),
            "переброс: {before} не учитывается, на кубике {result}"]).
lang:step(ru, flipped, "переворот", ["кубик переворачивается: {before} → {result}; как переворачивается кубик (1 ↔ 6, 2 ↔ 5, 3 ↔ 4), текст прямо не говорит (только что переворот — не модификатор) — так его читает движок"]).
lang:step(ru, next_roll_equals, "следующий бросок равен X",
          ["следующий бросок равен {x}: кубик не бросается, бросок равен {result}"]).
lang:step(ru, flip_source, "чей переворот", ["переворот — модификатор карты {result|card}"]).
lang:step(ru, application_order, "порядок наложения",
          [ when([count = 0], "модификаторов нет"),
            "модификаторы накладываются в порядке: {result|modifier|list}" ]).
lang:step(ru, declared_before, "заявлен до переброса/переворота",
          ["модификатор {modifier|modifier} заявлен {declared|word} и остаётся в силе"]).
lang:step(ru, order_in_group, "порядок внутри группы выбирает",
          ["порядок внутри группы ({phase|word}, {relation|word}) выбирает {result|word}: {modifiers|modifier|list}"]).
lang:step(ru, modifier_applied, "модификатор",
          [ when(['result.value' = '*', 'modifier.op' = add],
                 "{before} {modifier.value|signed} от {modifier.source|card} ({group.relation|word}, группа {cite.label}) → {result.value}"),
            when(['result.value' = '*', 'modifier.op' = set, applied = false],
                 "{before} не сводится к {modifier.value} от {modifier.source|card} ({group.relation|word}, группа {cite.label}): сведение не применяется, остаётся {result.value}"),
            when(['result.value' = '*', 'modifier.op' = set],
                 "{before} сводится к {modifier.value} от {modifier.source|card} ({group.relation|word}, группа {cite.label}) → {result.value}"),
            when(['result.value' = '*', 'modifier.op' = strike],
                 "{strike_before|word} сводится к {modifier.value|word:dat} от {modifier.source|card} (группа {cite.label}): {before} → {result.value}"),
            when(['cite.also' = '*', 'modifier.op' = add],
                 "{before} {modifier.value|signed} от {modifier.source|card} (группа {cite.ref}; {group.relation|word} — {cite.also}) → {result}"),
            when(['modifier.op' = add],
                 "{before} {modifier.value|signed} от {modifier.source|card} ({group.relation|word}, группа {cite.label}) → {result}"),
            when(['cite.also' = '*', 'modifier.op' = set],
                 "{before} сводится к {modifier.value} от {modifier.source|card} (группа {cite.ref}; {group.relation|word} — {cite.also}) → {result}"),
            when(['modifier.op' = set],
                 "{before} сводится к {modifier.value} от {modifier.source|card} ({group.relation|word}, группа {cite.label}) → {result}"),
            when(['modifier.op' = bound],
                 "{before} в пределах от 1 до 6 ({group.relation|word}, группа {cite.label}) → {result}"),
            when(['cite.also' = '*', 'modifier.op' = flip],
                 "переворот от {modifier.source|card} (группа {cite.ref}; {group.relation|word} — {cite.also}): {before} → {result}"),
            when(['modifier.op' = flip],
                 "переворот от {modifier.source|card} ({group.relation|word}, группа {cite.label}): {before} → {result}"),
            "{before} → {result}"
          ]).

lang:step(ru, gain_modifier_not_applied, "модификатор получения не накладывается",
          [ when([zone = battle], "{modifier.source|card} не в отряде {squad_of|card} (под контролем {controller|word:gen}): модификатор {modifier.value|signed} не накладывается"),
            when([zone = play], "{modifier.source|card} не в отряде {squad_of|card} (под контролем {controller|word:gen}): модификатор {modifier.value|signed} не накладывается"),
            "{modifier.source|card} не в отряде ({zone|word:in}): модификатор {modifier.value|signed} не накладывается"]).
lang:step(ru, modifier_formation_gone, "модификатор за строй не накладывается",
          [ when(['reason.zone' = '*'], "{modifier.source|card} не в зоне битвы ({reason.zone|word:in}): строя нет, модификатор {modifier|modifier} не накладывается"),
            when([reason = alone], "ни одна карта отряда не стоит в строю с атакующим: строя нет, модификатор {modifier|modifier} не накладывается"),
            when([reason = giver_not_in_formation], "{modifier.source|card} не стоит в строю с атакующим: модификатор {modifier|modifier} не накладывается"),
            "атакующий не стоит в строю: модификатор {modifier|modifier} не накладывается"
          ]).
lang:step(ru, opponent_card_away, "карта противника не в игре, модификатор накладывается",
          ["{modifier.source|card} — карта противника, она не в игре ({zone|word:in}); группа модификаторов от карт противника, в отличие от группы своих карт, не говорит «из отряда» — буквально текст не требует, чтобы карта была в игре: модификатор {modifier|modifier} накладывается"]).
lang:step(ru, modifier_not_applied, "модификатор не накладывается",
          ["{modifier.source|card} не в отряде ({zone|word:in}): модификатор {modifier|modifier} не накладывается"]).

% --- атака (rules/attack.pl) ------------------------------------------------------------------------

lang:step(ru, attack_strength, "сила атаки",
          ["{source|card} атакует {target|card} ({strike|word}, {base}): сила {result.strength}, {result.strike|word}"]).
lang:step(ru, strike_value, "сила удара карты",
          [ when([from = '*'], "{strike|word} у {card|card} — {result}: так задано в данных карты {card|card} из {from} (силы ударов; во входном файле они у карты не заданы)"),
            "{strike|word} у {card|card} — {result}: так задано во входном файле (силы ударов карты, cards[{card}].hit)" ]).
lang:step(ru, strike_reduced, "атака сводится к другому виду удара",
          [ when([from = '*'], "{strike_before|word} сводится к {strike|word:dat}: используются особенности, сопутствующие этому виду атаки, — сила удара {value} вместо {value_before} (силы ударов {card|card} заданы в данных карты из {from}): {before} → {result}"),
            "{strike_before|word} сводится к {strike|word:dat}: используются особенности, сопутствующие этому виду атаки, — сила удара {value} вместо {value_before} (силы ударов {card|card} заданы во входном файле): {before} → {result}" ]).
lang:step(ru, strike_modifiers_kept, "модификаторы, наложенные до сведения",
          [ when([kept = 0], "до сведения на атаку не наложено модификаторов: сила {result}"),
            "модификаторы, наложенные до сведения, — {modifiers|modifier|list} — остаются: {value} {kept|signed} = {result}; текст прямо не говорит, что они переносятся на новый вид удара, — так его читает движок"]).
lang:step(ru, attack, "атака наносит раны",
          ["{source|card} атакует {target|card}: сила {result.strength}, нанесено ран {result.dealt.wounds}, предотвращено {result.dealt.prevented}"]).
lang:step(ru, set_to_not_applied, "сведение к большему числу не применяется",
          ["{modifier|modifier}: атаку {before} нельзя свести к большему числу {value}, остаётся {result}"]).

% --- именные особенности (rules/features.pl, rules/formation.pl) ------------------------------------

lang:step(ru, gain_feature, "получение особенности",
          [ when([op = add], "{card|card} получает {value|signed} к особенности «{name}» {source|from}: значение {result.value}"),
            when([value = null], "{card|card} получает «{name}» {source|from}: выполнено — {result.performed|word}"),
            when(['result.performed' = true], "{card|card} получает «{name} {value}» {source|from}: получено, значение {result.value}"),
            when(['result.performed' = false], "{card|card} получает «{name} {value}» {source|from}: получение не выполнено, значение остаётся {result.value}"),
            "{card|card} получает «{name} {value}» {source|from}: выполнено — {result.performed|word}, значение {result.value}"
          ]).
lang:step(ru, granted_value, "значение с модификаторами",
          [ when([op = add], "прибавка {base|signed} усилена до {result|signed}: {plus|signed} от {sources|cards}"),
            "{base} {plus|signed} от {sources|cards} → {result}" ]).
lang:step(ru, gain_outcome, "итог получения",
          [ when([result = gained], "особенности не было: она получена"),
            when([result = replaced], "«{held.name} {held.value}» замещается значением {new}"),
            when(['result.added' = '*'], "«{held.name} {held.value}» {new|signed} = {result.added}"),
            "у карты уже есть «{held.name} {held.value}»: получение не выполнено"
          ]).
lang:step(ru, feature_gained_read, "особенность получена",
          ["особенности не было: она получена; пример о получении («…существу с Опытом в атаке, получение этого Опыта в атаке не будет считаться выполненным») говорит лишь о существе, у которого она уже есть; что карта без неё её получает, текст прямо не говорит — так его читает движок"]).
lang:step(ru, works_as, "работает как", ["{value} работает как {result}"]).
lang:step(ru, leave, "отходит",
          [ when(['result.gained' = '*'], "{card|card} отходит от {from|card}: пропадает: {result.ended|list}, возвращается: {result.returned|list}, получено от стоящей рядом: {result.gained|list}"),
            "{card|card} отходит от {from|card}: пропадает: {result.ended|list}, возвращается: {result.returned|list}"
          ]).
lang:step(ru, end_of_turn, "конец хода",
          ["конец хода ({player|word}): пропадает: {result.ended|list}, возвращается: {result.returned|list}, снова действует: {result.lifted|card_feature|list}"]).
lang:step(ru, approach, "подходит",
          ["{card|card} подходит к {to|card}: получено: {result.gained|list}, не выполнено: {result.not_performed|list}"]).
lang:step(ru, adjacent_grant, "даёт стоящему рядом",
          ["{from|card} даёт {card|card} «{name} {value}», пока стоит рядом"]).
lang:step(ru, replaced_not_kept, "замещённая не сохраняется",
          ["«{name} {value}» у {card|card} {name|gender:была приобретённой:был приобретённым:было приобретённым}: {name|gender:замещённая, она:замещённый, он:замещённое, оно} не вернётся. Текст говорит «○ подавляются до появления новой базовой именной особенности, если были собственными» лишь о собственных особенностях; что приобретённая не сохраняется, он прямо не говорит — так его читает движок"]).
lang:step(ru, replacing_stays, "заместившая особенность остаётся",
          ["«{name} {value}» у {card|card} не пропадает: {name|gender:она получена:он получен:оно получено} не на время этого условия, а пропадает лишь {name|gender:замещённая ею:замещённый им:замещённое им}"]).
lang:step(ru, replaced_ended, "замещённая особенность пропадает",
          ["{name|gender:замещённая:замещённый:замещённое} «{name} {value}» у {card|card} пропадает вместе со своим условием и не вернётся"]).
lang:step(ru, feature_kept, "особенность остаётся",
          [ when(['because.gain_not_performed' = '*'], "у {card|card} остаётся «{name} {value}»: получение {name|gender:её:его:его} на это время не было выполнено"),
            when(['because.markers' = '*'], "«{name} {value}» у {card|card} остаётся {name|gender:подавленной:подавленным:подавленным}: маркер подавления лежит {because.markers|word}"),
            when(['because.given_by' = '*'], "«{name} {value}» у {card|card} остаётся: {name|gender:она дана:он дан:оно дано} «до конца вашего хода» от {because.given_by|card}, то есть до конца хода {because.until_the_end_of_the_turn_of|word:gen}, а кончается ход {because.turn_ending|word:gen}; что «вашего» — это ход игрока, чья карта {name|gender:её:его:его} дала, текст прямо не говорит — так его читает движок"),
            "«{name} {value}» у {card|card} остаётся: {name|gender:она:он:оно} «до конца вашего хода», то есть до конца хода {because.until_the_end_of_the_turn_of|word:gen}, а кончается ход {because.turn_ending|word:gen}; текст прямо не говорит этого — так его читает движок"
          ]).
lang:step(ru, feature_ended, "особенность пропадает",
          [ when([edition = 'B', 'result.no_longer_next_to' = '*'], "у {card|card} пропадает «{name} {value}»: {result.no_longer_next_to|card} больше не стоит рядом — нарушилось условие её существования, она удаляется с карты"),
            when(['result.no_longer_next_to' = '*'], "у {card|card} пропадает «{name} {value}»: {result.no_longer_next_to|card} больше не стоит рядом"),
            "у {card|card} пропадает «{name} {value}»"
          ]).
lang:step(ru, bonus_ended, "плюс к особенности пропадает",
          [ when([minus = '*'], "у {card|card} пропадает −{minus} к особенности «{name}» {source|from}"),
            "у {card|card} пропадает +{plus} к особенности «{name}» {source|from}"
          ]).
lang:step(ru, feature_ended_at_turn_end, "особенность пропадает в конце хода",
          [ when([until = end_of_your_turn], "у {card|card} пропадает «{name} {value}», {name|gender:данная:данный:данное} «до конца вашего хода»: кончается ход {result.end_of_turn|word:gen}. О так заданной особенности текст говорит лишь «…получает [Опыт в атаке] 1 или +1 к [Опыту в атаке] до конца вашего хода. … получение этого Опыта в атаке не будет считаться выполненным, поэтому в конце хода Опыт в атаке у этого существа не пропадёт» — о невыполненном получении; что выполненное тогда пропадает, следует из этих слов лишь от противного — текст этого не говорит, так его читает движок"),
            "у {card|card} пропадает «{name} {value}», {name|gender:данная:данный:данное} «до конца хода»: ход кончается. О так заданной особенности текст говорит лишь «…получает [Опыт в атаке] 1 или +1 к [Опыту в атаке] до конца вашего хода. … получение этого Опыта в атаке не будет считаться выполненным, поэтому в конце хода Опыт в атаке у этого существа не пропадёт» — о невыполненном получении; что выполненное тогда пропадает, следует из этих слов лишь от противного — текст этого не говорит, так его читает движок"
          ]).
lang:step(ru, bonus_ended_at_turn_end, "плюс к особенности пропадает в конце хода",
          [ when([minus = '*'], "у {card|card} пропадает −{minus} к особенности «{name}» {source|from}, данный до конца хода. О так заданной особенности текст говорит лишь «…получает [Опыт в атаке] 1 или +1 к [Опыту в атаке] до конца вашего хода. … получение этого Опыта в атаке не будет считаться выполненным, поэтому в конце хода Опыт в атаке у этого существа не пропадёт» — о невыполненном получении; что выполненное тогда пропадает, следует из этих слов лишь от противного — текст этого не говорит, так его читает движок"),
            "у {card|card} пропадает +{plus} к особенности «{name}» {source|from}, данный до конца хода. О так заданной особенности текст говорит лишь «…получает [Опыт в атаке] 1 или +1 к [Опыту в атаке] до конца вашего хода. … получение этого Опыта в атаке не будет считаться выполненным, поэтому в конце хода Опыт в атаке у этого существа не пропадёт» — о невыполненном получении; что выполненное тогда пропадает, следует из этих слов лишь от противного — текст этого не говорит, так его читает движок"
          ]).
lang:step(ru, replaced_ended_at_turn_end, "замещённая особенность пропадает в конце хода",
          ["{name|gender:замещённая:замещённый:замещённое} «{name} {value}» у {card|card}, {name|gender:данная:данный:данное} до конца хода, пропадает и не вернётся. О так заданной особенности текст говорит лишь «…получает [Опыт в атаке] 1 или +1 к [Опыту в атаке] до конца вашего хода. … получение этого Опыта в атаке не будет считаться выполненным, поэтому в конце хода Опыт в атаке у этого существа не пропадёт» — о невыполненном получении; что выполненное тогда пропадает, следует из этих слов лишь от противного — текст этого не говорит, так его читает движок"]).
lang:step(ru, plus_gone_with_feature, "плюс пропадает вместе с особенностью",
          ["у {card|card} вместе с особенностью «{name} {value}» пропадает и данное ей {signed} {source|from}, хотя оно дано не на время. Движок читает пример «существо с особенностью \"Отравление 1\" получает \"+1 к Отравлению\", это означает, что теперь вместо особенности \"Отравление 1\" у него особенность \"Отравление 2\"» так: «+N» делает из особенности особенность больше, и та держится, пока выполнено условие исходной; «…Отравление 2, которое уже не пропадёт, если Льер-Кулат отойдёт» сказано о полученной особенности (заявка Бокора, усиленная Менгиром), не о «+N». Что станет с «+N», текст прямо не говорит — так его читает движок"]).
lang:step(ru, feature_returns, "особенность возвращается",
          [ when([kept = own], "к {card|card} возвращается «{name} {value}»: {name|gender:собственная, при замещении она была подавлена, а не удалена:собственный, при замещении он был подавлен, а не удалён:собственное, при замещении оно было подавлено, а не удалено}; что подавление кончается, когда замещавшая пропадает, текст прямо не говорит — так его читает движок"),
            "к {card|card} возвращается «{name} {value}»"
          ]).
lang:step(ru, formation, "строй",
          [ when([in = true, gainers = '*'], "{card|card} образует строй; {gainers|cards} получает: {result.gained|list}"),
            when([in = true], "{card|card} образует строй; получено: {result.gained|list}"),
            when([in = false, losers = '*'], "{card|card} выходит из строя: у {losers|cards} пропадает: {result.ended|list}"),
            "{card|card} выходит из строя: пропадает: {result.ended|list}"
          ]).
lang:step(ru, formation_grant, "получено в строю", ["{card|card} получает «{name} {value}» в строю ({because|word})"]).
lang:step(ru, formation_grant_replaces, "замещено в строю", ["{card|card} получает «{name} {value}» в строю вместо своей «{name} {held}»: более высокое значение замещает меньшее"]).
lang:step(ru, formation_grant_not_given, "не получено в строю",
          [ when(['reason.held' = '*'], "карта {card|card} не получает «{name} {value}» в строю: у неё своя «{name} {reason.held}», меньшее или такое же значение не получают"),
            when(['reason.zone' = '*'], "карта {card|card} не получает «{name} {value}» в строю: {source|card} не в зоне битвы ({reason.zone|word:in}), её текст его не даёт"),
            when([reason = giver_not_in_formation], "карта {card|card} не получает «{name} {value}» в строю: {source|card} не стоит с ней в строю в одном отряде"),
            when([reason = own_suppressed], "карта {card|card} не получает «{name} {value}» в строю: её собственный Строй подавлен и не оказывает эффектов на игру"),
            when([reason = suppressed], "{card|card} не получает «{name} {value}» в строю: Строй у {source|card} подавлен и не оказывает эффектов на игру"),
            "{card|card} не получает «{name} {value}» в строю: {source|card} не стоит в строю"
          ]).

% --- раны, предотвращение, замещение (rules/prevention.pl, rules/replacement.pl) --------------------

lang:step(ru, wounds, "раны",
          [ when([source = null], "{card|card} получает {amount|plural:рану:раны:ран} ({attack|word}), источник не указан: нанесено {result.wounds}, предотвращено {result.prevented}"),
            "{card|card} получает {amount|plural:рану:раны:ран} ({attack|word}) от {source|card}: нанесено {result.wounds}, предотвращено {result.prevented}" ]).
lang:step(ru, prevention_order, "порядок предотвращения",
          [ when([stated = false], "эффекты {effects|list} применяются в порядке {result|list} (выбор не указан: по порядку карт и их эффектов; какой порядок без выбора, текст прямо не говорит — так его читает движок)"),
            "эффекты {effects|list} применяются в порядке {result|list}"
          ]).
lang:step(ru, prevention_order_read, "порядок эффекта без количественного значения",
          ["эффекты {effects|list} применяются в порядке {result|list}: у {unquantified|list} нет количественного значения, а порядок «вначале все эффекты применяет Неактивный игрок» дан для эффектов, имеющих его; текст прямо не говорит этого — так его читает движок"]).
lang:step(ru, prevention_applied, "предотвращение",
          [ when(['result.lost' = '*'], "эффект карты {holder|card} ({effect}) предотвращает {result.used} из {wounds_before|plural:раны:ран:ран}: ран остаётся {result.wounds}; эффект применяется один раз — неиспользованные {result.lost} пропадают, у эффекта остаётся 0"),
            when(['result.left' = '*'], "эффект карты {holder|card} ({effect}) предотвращает {result.used} из {wounds_before|plural:раны:ран:ран}: ран остаётся {result.wounds}, у эффекта остаётся {result.left}"),
            "эффект карты {holder|card} ({effect}) предотвращает {result.used} из {wounds_before|plural:раны:ран:ран}: ран остаётся {result.wounds}"
          ]).
lang:step(ru, prevention_all, "предотвращение всех ран",
          ["эффект карты {holder|card} ({effect}) предотвращает все {wounds_before|plural:рану:раны:ран}: у эффекта нет количественного значения, ран остаётся {result.wounds}; текст прямо не говорит этого — так его читает движок"]).
lang:step(ru, prevention_stopped, "предотвращение не действует",
          [ when([left_play = true], "эффект карты {holder|card} ({effect}): карта покинула игровую зону, эффект больше не применяется"),
            "эффект карты {holder|card} ({effect}): карта не в игровой зоне, эффект не применяется"
          ]).
lang:step(ru, prevention_not_in_play, "предотвращение не действует",
          ["эффект карты {holder|card} ({effect}): карта не в игре ({zone|word:in}) и не покидала игровую зону, эффект не применяется; текст прямо не говорит этого — так его читает движок"]).
lang:step(ru, prevention_not_protected, "предотвращение не защищает",
          [ when(['card_text' = '*'], "эффект карты {holder|card} ({effect}) не защищает {card|card}: эффект защищает только существа своего игрока — так сказано в тексте этой карты (её данные в cards.yaml), как его приводит пример правил"),
            "эффект карты {holder|card} ({effect}) не защищает {card|card}: эффект защищает только существа своего игрока — так задано во входных данных (cards[{card_at}].effects[{effect_at}].protects)" ]).
lang:step(ru, prevention_spent, "предотвращение исчерпано",
          [ when([type = prevent_once], "эффект карты {holder|card} ({effect}) уже применён: его текст позволяет одно применение"),
            "эффект карты {holder|card} ({effect}) израсходован: предотвращать больше нечего"
          ]).
lang:step(ru, prevention_ended, "предотвращение больше не применяется",
          [ when([count = 1, static_count = 1], "карта {card|card} покидает игровую зону: её эффект предотвращения {effects|list} больше не применяется; эта постоянная способность снова подействует, только если карта вернётся в игру новым объектом (этого текст прямо не говорит — так его читает движок)"),
            when([static_count = 1], "карта {card|card} покидает игровую зону: её эффекты предотвращения {effects|list} больше не применяются; постоянная способность {static|list} снова подействует, только если карта вернётся в игру новым объектом (этого текст прямо не говорит — так его читает движок)"),
            when([static = '*'], "карта {card|card} покидает игровую зону: её эффекты предотвращения {effects|list} больше не применяются; постоянные способности {static|list} снова подействуют, только если карта вернётся в игру новым объектом (этого текст прямо не говорит — так его читает движок)"),
            when([count = 1], "карта {card|card} покидает игровую зону: её эффект предотвращения {effects|list} больше не применяется"),
            "карта {card|card} покидает игровую зону: её эффекты предотвращения {effects|list} больше не применяются"]).
lang:step(ru, prevention_works_again, "предотвращение снова действует",
          ["эффект карты {holder|card} ({effect}) — постоянная способность: карта покидала игровую зону и снова в игре новым объектом, у которого эта способность снова действует; текст прямо не говорит этого — так его читает движок"]).
lang:step(ru, left_play_zone, "карта покидает игровую зону",
          [ when([acquired = null, tapped = true, bonuses = '*'], "карта {card|card} уходит {to|word:to} и вернётся в игровую зону только взятой оттуда заново, новым объектом: {wounds|none:ран на ней нет|plural:рана снимается:раны снимаются:ран снимаются}, она больше не закрыта, пропадает данное её собственным особенностям: {bonuses|list}; текст прямо не говорит этого — так его читает движок"),
            when([acquired = null, bonuses = '*'], "карта {card|card} уходит {to|word:to} и вернётся в игровую зону только взятой оттуда заново, новым объектом: {wounds|none:ран на ней нет|plural:рана снимается:раны снимаются:ран снимаются}, пропадает данное её собственным особенностям: {bonuses|list}; текст прямо не говорит этого — так его читает движок"),
            when([acquired = null, tapped = true], "карта {card|card} уходит {to|word:to} и вернётся в игровую зону только взятой оттуда заново, новым объектом: {wounds|none:ран на ней нет|plural:рана снимается:раны снимаются:ран снимаются}, она больше не закрыта; текст прямо не говорит этого — так его читает движок"),
            when([acquired = null], "карта {card|card} уходит {to|word:to} и вернётся в игровую зону только взятой оттуда заново, новым объектом: {wounds|none:ран на ней нет|plural:рана снимается:раны снимаются:ран снимаются}; текст прямо не говорит этого — так его читает движок"),
            when([tapped = true, bonuses = '*'], "карта {card|card} уходит {to|word:to} и вернётся в игровую зону только взятой оттуда заново, новым объектом: {wounds|none:ран на ней нет|plural:рана снимается:раны снимаются:ран снимаются}, она больше не закрыта, пропадает приобретённое ею ({acquired|list}) и данное её собственным особенностям: {bonuses|list}; текст прямо не говорит этого — так его читает движок"),
            when([bonuses = '*'], "карта {card|card} уходит {to|word:to} и вернётся в игровую зону только взятой оттуда заново, новым объектом: {wounds|none:ран на ней нет|plural:рана снимается:раны снимаются:ран снимаются}, пропадает приобретённое ею ({acquired|list}) и данное её собственным особенностям: {bonuses|list}; текст прямо не говорит этого — так его читает движок"),
            when([tapped = true], "карта {card|card} уходит {to|word:to} и вернётся в игровую зону только взятой оттуда заново, новым объектом: {wounds|none:ран на ней нет|plural:рана снимается:раны снимаются:ран снимаются}, она больше не закрыта, пропадает приобретённое ею ({acquired|list}); текст прямо не говорит этого — так его читает движок"),
            "карта {card|card} уходит {to|word:to} и вернётся в игровую зону только взятой оттуда заново, новым объектом: {wounds|none:ран на ней нет|plural:рана снимается:раны снимаются:ран снимаются}, пропадает приобретённое ею ({acquired|list}); текст прямо не говорит этого — так его читает движок"
          ]).
lang:step(ru, control_returns, "контроль возвращается владельцу",
          ["карта {card|card} покинула игровую зону, под контролем {controller|word:gen} она была лишь в игре: новым объектом она снова под контролем владельца, {owner|word:gen}; текст прямо не говорит этого — так его читает движок"]).
lang:step(ru, replacement_declined, "эффект замещения не применён по выбору",
          ["эффект замещения карты {holder|card} ({replacement}) может заместить эффект; игрок отказывается"]).
lang:step(ru, replacement_not_declined, "необязательный эффект замещения применён",
          ["эффект замещения карты {holder|card} ({replacement}) — «может вместо»: игрок может отказаться, отказ не указан (поле decline) — применяется; что без отказа он применяется, текст прямо не говорит — так его читает движок (по умолчанию)"]).
lang:step(ru, replacement_not_in_play, "эффект замещения не действует",
          ["эффект замещения карты {holder|card} ({replacement}): карта не в игре ({zone|word:in}), эффект не применяется; текст прямо не говорит этого — так его читает движок"]).
lang:step(ru, effect, "эффект",
          ["{effect.kind|word} {effect.amount} ({effect.card|card}) выполняется как {result.kind|word} {result.amount}"]).
lang:step(ru, effect_unreplaced, "эффект не замещается",
          ["ни один эффект замещения к эффекту «{effect.kind|word} {effect.amount}» ({effect.card|card}) не применяется: он выполняется как есть; текст прямо не говорит этого — так его читает движок"]).
lang:step(ru, replacement, "эффекты замещения",
          ["{effect.kind|word} {effect.amount} → {result.kind|word} {result.amount}"]).
lang:step(ru, replacement_chosen, "выбран эффект замещения",
          [ when(['result.stated' = false], "из {applicable|list} применяется {result.chosen}; выбирает {result.by|word} (выбор не указан: первый по порядку; что выбирается без выбора, текст прямо не говорит — так его читает движок)"),
            "из {applicable|list} применяется {result.chosen}; выбирает {result.by|word}"
          ]).
lang:step(ru, replacement_applied, "эффект замещения применён",
          ["эффект замещения карты {holder|card} ({replacement}): {effect.kind|word} {effect.amount} → {result.kind|word} {result.amount}"]).
lang:step(ru, replacement_applied_once, "эффект замещения применяется один раз",
          ["уже применённое замещение ({replacements|list}) снова применилось бы к результату — {effect.kind|word} {effect.amount}; каждый эффект замещения применяется к событию лишь один раз, и замещение на этом кончается; текст прямо не говорит этого — так его читает движок"]).
lang:step(ru, replacement_unchanged, "от эффектов замещения отказались",
          ["эффект не замещается: от всех эффектов замещения, которые могут его заместить, игроки отказываются — {effect.kind|word} {effect.amount} выполняется без изменений"]).

% --- взятие в отряд (rules/squad.pl) ----------------------------------------------------------------

lang:step(ru, bring_into_squad, "взятие карты в отряд",
          [ when(['result.performed' = true, how = play], "{player|word}: розыгрыш {card|card} — {result.zone|word:in} под контролем {result.controller|word:gen}"),
            when(['result.performed' = true], "{player|word}: {how|word} {card|card} — {result.zone|word:in} под контролем {result.controller|word:gen}"),
            when([how = play], "{player|word}: розыгрыш {card|card} — не выполнено"),
            "{player|word}: {how|word} {card|card} — не выполнено"
          ]).
lang:step(ru, control_taken, "взятие под контроль",
          ["взятие под контроль: {player|word} становится игроком, контролирующим карту, противник перестаёт её контролировать"]).
lang:step(ru, take_control_not_in_play, "взятие под контроль не выполнено",
          ["взятие под контроль: не выполнено — карта не в игре ({zone|word:in}), под контроль берётся только карта в игре; текст прямо не говорит этого — так его читает движок"]).
lang:step(ru, default, "правило по умолчанию", [when([how = play], "розыгрыш: по умолчанию {rule|word}"), "{how|word}: по умолчанию {rule|word}"]).
lang:step(ru, default_overridden, "текст карты меняет правило по умолчанию",
          [when([how = play], "розыгрыш: текст карты меняет правило «{rule|word}»: {result|word}"), "{how|word}: текст карты меняет правило «{rule|word}»: {result|word}"]).
lang:step(ru, not_performed, "не выполнено", [when([how = play], "розыгрыш: не выполнено — {reason|word}"),
                                               when([zone = '*'], "{how|word}: не выполнено — {reason|word} ({zone|word:in}), а создаётся карта вне игры"),
                                               "{how|word}: не выполнено — {reason|word}"]).
lang:step(ru, placed_in_play_zone, "карта помещается в игровую зону",
          [ when([how = play], "розыгрыш: {card|card} помещается в игровую зону; в какую её часть, текст не говорит — сценарий помещает её в зону битвы (этого не говорит ни один пункт)"),
            "{how|word}: {card|card} помещается в игровую зону; в какую её часть, текст не говорит — сценарий помещает её в зону битвы (этого не говорит ни один пункт)"
          ]).
lang:step(ru, deck_shuffled, "колода перемешивается", ["колода перемешивается после просмотра, вызвал игрок карту или нет"]).
lang:step(ru, lose_control_not_in_play, "контроль не переходит: карта не в игре",
          ["контроль не переходит к противнику: карта не в игре ({zone|word:in}), а в отряд противника берётся только карта в игре; текст прямо не говорит этого — так его читает движок"]).
lang:step(ru, lose_control, "потеря контроля",
          ["контроль над {card|card}: {result.controller|word} (сменился — {result.changed|word})"]).
lang:step(ru, end_of_game, "конец партии", ["после партии убираются созданные карты: {result.removed|cards}"]).
lang:step(ru, created_removed_elsewhere, "прочтение движка: из любой зоны",
          ["{cards|cards} не в колоде, но тоже убираются: текст говорит только о колоде; что созданные карты убираются из любой зоны, текст прямо не говорит — так его читает движок"]).

% --- потеря особенностей (rules/loss.pl) ------------------------------------------------------------

lang:step(ru, lose_features, "потеря особенностей",
          [ when(['result.lost_grants' = '*'], "карта {card|card} теряет {which|word}: подавлено: {result.suppressed|list}, удалено: {result.removed|list}; у других карт пропадает полученное от неё в строю: {result.lost_grants|card_feature|list}"),
            "{card|card} теряет {which|word}: подавлено: {result.suppressed|list}, удалено: {result.removed|list}"
          ]).
lang:step(ru, feature_lost, "особенность потеряна",
          [ when([result = suppressed], "«{name} {value}»: {name|gender:подавлена:подавлен:подавлено}"),
            when([result = removed], "«{name} {value}»: {name|gender:удалена:удалён:удалено}"),
            "«{name} {value}»: {result|word}" ]).
lang:step(ru, marker_period, "срок маркера подавления", ["маркер подавления лежит {result|word}"]).
lang:step(ru, not_in_battle_zone, "карта не в зоне битвы",
          ["карта {card|card} не в зоне битвы ({zone|word:in}): лишение на неё не действует"]).
lang:step(ru, grant_lost_with_giver, "полученное в строю от другой карты пропадает",
          ["{card|card} теряет особенность «{result|list}», полученную в строю от {source|card}: Строй у {source|card} больше не действует — нарушилось условие существования этой особенности"]).
lang:step(ru, formation_features_lost, "потеряно связанное со строем",
          ["{card|card} теряет особенности, связанные со строем: {result|list}"]).
lang:step(ru, markers_lifted, "маркеры подавления сняты", ["{when|word}: снова действует {result|card_feature|list}"]).
lang:step(ru, nothing_lifted, "маркеры не снимаются",
          [when([when = end_of_battle], "в конце боя ни один маркер подавления не снимается: маркеров «до конца боя» нет"), "{when|word}: ни один маркер подавления не снимается — маркеров с этим сроком нет"]).
lang:step(ru, no_markers, "маркеров нет",
          [ when([feature = '*'], "у особенности «{feature}» карты {card|card} маркеров подавления нет: снимать нечего"),
            "у {card|card} маркеров подавления нет: снимать нечего" ]).
lang:step(ru, markers_removed, "маркеры подавления удалены",
          ["с {card|card} сняты маркеры подавления: снова действует: {result.lifted|card_feature|list}"]).
lang:step(ru, trigger, "срабатывание",
          [ when([result = false], "«{feature}» у {card|card} {feature|gender:подавлена:подавлен:подавлено} и не срабатывает"),
            "«{feature}» у {card|card} срабатывает"
          ]).
lang:step(ru, removed_stays_away, "удалённая особенность не возвращается",
          ["у {card|card} срок потери кончается, но удалённое приобретённое ({names|list}) не возвращается"]).
lang:step(ru, acquired_kept, "приобретённая особенность остаётся",
          ["{name} {value} — приобретённая особенность: при лишении всех особенностей она остаётся"]).
lang:step(ru, nothing_ends, "ничего не заканчивается", ["в конце хода ничего не заканчивается: ни у одной особенности нет срока, истекающего сейчас; текст прямо не говорит этого — так его читает движок"]).
lang:step(ru, loss_goes_on, "лишение продолжает действовать", ["{card|card} переходит {to|word:to}: о лишении сказано, что оно действует везде, — маркеры подавления остаются"]).
lang:step(ru, move_given, "ни одно правило не действует", ["{card|card} переходит {to|word:to}, как сказано в сценарии: ни одно правило редакции {edition} не действует при этом переходе"]).
lang:step(ru, zone_change, "переход в другую зону",
          [ when(['result.lost_grants' = '*'], "карта {card|card} переходит {to|word:to}: срабатывает: {result.triggered|list}, возвращается: {result.restored|list}; у других карт пропадает полученное от неё: {result.lost_grants|card_feature|list}"),
            "{card|card} переходит {to|word:to}: срабатывает: {result.triggered|list}, возвращается: {result.restored|list}" ]).

% --- правило топора (rules/axe.pl) ------------------------------------------------------------------

lang:step(ru, defend, "защитник",
          ["{card|card} выступает защитником: закрывается — {result.taps|word}, защит за ход — {result.defences_per_turn|word}"]).
lang:step(ru, axe_rule, "правило топора: текст карты",
          ["текст {card|card} «{card_feature}» сильнее правил: {rule|word} — {result|word}"]).

% --- события (engine/events.pl) ---------------------------------------------------------------------

lang:event(ru, die_roll, "бросок кубика", ["{result.value} (без модификаторов {result.unmodified})"]).
lang:event(ru, attack, "атака",
           [ when(['result.dealt' = '*'], "сила {result.strength}, {result.strike|word}; нанесено ран {result.dealt.wounds}, предотвращено {result.dealt.prevented}"),
             "сила {result.strength}, {result.strike|word}"
           ]).
lang:event(ru, gain_feature, "получение особенности",
           [ when(['result.performed' = true], "«{result.name}» {result.name|gender:получена:получен:получено}: {result.value}"),
             "получение «{result.name}» не выполнено"
           ]).
lang:event(ru, approach, "подход",
           ["получено: {result.gained|list}; не выполнено: {result.not_performed|list}"]).
lang:event(ru, leave, "отход",
           [ when(['result.gained' = '*'], "пропадает: {result.ended|list}; возвращается: {result.returned|list}; получено от стоящей рядом: {result.gained|list}"),
 when(['result.lessened' = '*'], "пропадает: {result.ended|list}; возвращается: {result.returned|list}; из них остаётся без прибавки: {result.lessened|list}"),
             "пропадает: {result.ended|list}; возвращается: {result.returned|list}"]).
lang:event(ru, end_of_turn, "конец хода",
           [ when(['result.lessened' = '*'], "пропадает: {result.ended|list}; возвращается: {result.returned|list}; снова действует: {result.lifted|card_feature|list}; из них остаётся без прибавки: {result.lessened|list}"),
             "пропадает: {result.ended|list}; возвращается: {result.returned|list}; снова действует: {result.lifted|card_feature|list}"]).
lang:event(ru, wounds, "раны", ["нанесено {result.wounds}, предотвращено {result.prevented}"]).
lang:event(ru, effect, "эффект", ["выполняется {result.kind|word} {result.amount} ({result.card|card})"]).
lang:event(ru, bring_into_squad, "взятие в отряд",
           [ when(['result.performed' = true], "{result.zone|word:in} под контролем {result.controller|word:gen}"),
             "не выполнено"
           ]).
lang:event(ru, lose_control, "потеря контроля", ["контролирует {result.controller|word}"]).
lang:event(ru, end_of_game, "конец партии", ["убраны {result.removed|cards}"]).
lang:event(ru, lose_features, "потеря особенностей",
           [ when(['result.lost_grants' = '*'], "подавлено: {result.suppressed|list}; удалено: {result.removed|list}; у других карт пропадает полученное: {result.lost_grants|card_feature|list}"),
             "подавлено: {result.suppressed|list}; удалено: {result.removed|list}"
           ]).
lang:event(ru, zone_change, "переход в другую зону",
           [ when(['result.lost_grants' = '*'], "{result.zone|word:in}; сработало: {result.triggered|list}; возвращается: {result.restored|list}; у других карт пропадает полученное: {result.lost_grants|card_feature|list}"),
             "{result.zone|word:in}; сработало: {result.triggered|list}; возвращается: {result.restored|list}" ]).
lang:event(ru, end_of_battle, "конец боя", [when(['result.returned_grants' = '*'], "снова действует: {result.lifted|card_feature|list}; снова получено в строю: {result.returned_grants|card_feature|list}"),
             "снова действует: {result.lifted|card_feature|list}"]).
lang:event(ru, remove_markers, "снятие маркеров", [when(['result.returned_grants' = '*'], "снова действует: {result.lifted|card_feature|list}; снова получено в строю: {result.returned_grants|card_feature|list}"),
             "снова действует: {result.lifted|card_feature|list}"]).
lang:event(ru, formation, "строй", ["пропадает: {result.ended|list}; получено: {result.gained|list}"]).
lang:event(ru, defend, "защита",
           ["закрывается — {result.taps|word}; защит за ход — {result.defences_per_turn|word}"]).
